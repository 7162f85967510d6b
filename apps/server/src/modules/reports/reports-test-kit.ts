import { sql } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { games } from '../../db/schema/catalogue';
import { gameRounds } from '../../db/schema/games';
import type { Db } from '../../platform/db';
import { rowsOf, toBigInt } from '../../platform/sql-values';
import { createMember, uniqueSuffix } from '../../test/factories';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';

/*
 * Test-only: a generated month of play for one merchant, every money movement a real ledger
 * transfer (dated by the ledger's clock) and every round a game_rounds row settled at its payout:
 * deposits on two channels, bets and wins on several games, bonuses and a forfeit, paid
 * withdrawals, agent commissions, members registering through the month.
 */

export interface GeneratedMonth {
  memberIds: number[];
  from: Date;
  to: Date;
}

/** A deterministic pseudo-random sequence (mulberry32), so a failure can be replayed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generateMonthOfPlay(
  db: Db,
  input: { merchantId: number; currency: string; from: Date; days: number; seed: number; players: number },
): Promise<GeneratedMonth> {
  const random = seeded(input.seed);
  const { merchantId, currency } = input;
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const amount = (max: number) => BigInt(100 + Math.floor(random() * max) * 100);
  const system = (code: 'HOUSE' | 'CASHIER_CLEARING' | 'PROMOTION_COST' | 'AGENT_COMMISSION_COST', subkey = '') =>
    openAccount(db, { merchantId, code, currency, subkey });
  const house = await system('HOUSE');
  const channels = { bkash: await system('CASHIER_CLEARING', 'bkash'), nagad: await system('CASHIER_CLEARING', 'nagad') };
  const promotion = await system('PROMOTION_COST');
  const commission = await system('AGENT_COMMISSION_COST');
  const gameRows = await db.select({ id: games.id, vendorId: games.vendorId, category: games.category }).from(games).limit(4);
  if (gameRows.length === 0) throw new Error('no seeded games');
  const players: { memberId: number; cash: number }[] = [];
  let key = 0;
  const nextKey = () => {
    key += 1;
    return `gen:${input.seed}:${key}`;
  };
  const post = (
    type: 'deposit' | 'bet' | 'payout' | 'bonus' | 'bonus_forfeit' | 'withdrawal_paid' | 'salary',
    at: Date,
    debit: number,
    credit: number,
    value: bigint,
  ) =>
    postTransfer(
      db,
      {
        merchantId,
        idempotencyKey: nextKey(),
        type,
        entries: [
          { accountId: debit, amount: -value },
          { accountId: credit, amount: value },
        ],
      },
      () => at,
    );
  const day0 = input.from.getTime();
  for (let day = 0; day < input.days; day += 1) {
    // A new player or two most days, registered during the day.
    const joining = players.length < input.players ? 1 + Math.floor(random() * 2) : 0;
    for (let n = 0; n < joining; n += 1) {
      const { member } = await createMember(db, merchantId, { password: null, username: `gen${uniqueSuffix(10)}` });
      const joinedAt = new Date(day0 + day * 86_400_000 + Math.floor(random() * 3_600_000));
      await db.update(members).set({ createdAt: joinedAt }).where(sql`${members.id} = ${member.id}`);
      const accounts = await ensureMemberAccounts(db, { merchantId, memberId: member.id, currency });
      players.push({ memberId: member.id, cash: accounts.cash.id });
    }
    for (const player of players) {
      if (random() < 0.4) continue;
      const base = day0 + day * 86_400_000 + 3_600_000 + Math.floor(random() * 16 * 3_600_000);
      const deposit = amount(500);
      const channel = random() < 0.6 ? channels.bkash : channels.nagad;
      await post('deposit', new Date(base), channel.id, player.cash, deposit);
      let balance = deposit;
      if (random() < 0.3) {
        const bonus = amount(50);
        await post('bonus', new Date(base + 60_000), promotion.id, player.cash, bonus);
        balance += bonus;
        if (random() < 0.3) {
          await post('bonus_forfeit', new Date(base + 90_000), player.cash, promotion.id, bonus / 2n);
          balance -= bonus / 2n;
        }
      }
      const rounds = 1 + Math.floor(random() * 4);
      for (let r = 0; r < rounds; r += 1) {
        const stake = balance / 4n > 0n ? balance / 4n : 0n;
        if (stake <= 0n) break;
        const game = pick(gameRows);
        const betAt = new Date(base + 120_000 + r * 600_000);
        // Some rounds span a local hour boundary: the stake before, the payout (settlement) after.
        const settledAt = new Date(betAt.getTime() + (random() < 0.2 ? 3_000_000 : 20_000));
        await post('bet', betAt, player.cash, house.id, stake);
        const payout = random() < 0.45 ? stake * BigInt(1 + Math.floor(random() * 3)) : 0n;
        if (payout > 0n) await post('payout', settledAt, house.id, player.cash, payout);
        balance += payout - stake;
        await db.insert(gameRounds).values({
          merchantId,
          memberId: player.memberId,
          vendorId: game.vendorId,
          gameId: game.id,
          gameType: game.category,
          vendorRoundId: `gen-${input.seed}-${key}-${r}`,
          currency,
          status: 'CLOSED',
          betTotal: stake,
          payoutTotal: payout,
          betCount: 1,
          openedAt: betAt,
          closedAt: settledAt,
          settledAt,
        });
      }
      if (balance > 1000n && random() < 0.3) {
        await post('withdrawal_paid', new Date(base + 5 * 3_600_000), player.cash, pick([channels.bkash, channels.nagad]).id, balance / 2n);
      }
    }
    if (players[0] && random() < 0.5) {
      await post('salary', new Date(day0 + day * 86_400_000 + 23 * 3_600_000), commission.id, players[0].cash, amount(100));
    }
  }
  return { memberIds: players.map((player) => player.memberId), from: input.from, to: new Date(day0 + input.days * 86_400_000) };
}

/** The ledger's own sums over [from, to): what the report must equal. */
export async function ledgerSums(db: Db, merchantId: number, from: Date, to: Date): Promise<Record<string, bigint>> {
  const rows = rowsOf<{ code: string; type: string; total: unknown; transfers: unknown }>(
    await db.execute(sql`
      SELECT a.code, t.type, sum(e.amount) AS total, count(DISTINCT t.id) AS transfers
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
       WHERE a.merchant_id = ${merchantId} AND a.owner_member_id IS NULL
         AND e.created_at >= ${from.toISOString()}::timestamptz AND e.created_at < ${to.toISOString()}::timestamptz
       GROUP BY a.code, t.type`),
  );
  const get = (code: string, types: string[]) =>
    rows.filter((row) => row.code === code && types.includes(row.type)).reduce((sum, row) => sum + toBigInt(row.total), 0n);
  const count = (code: string, type: string) =>
    rows.filter((row) => row.code === code && row.type === type).reduce((sum, row) => sum + toBigInt(row.transfers), 0n);
  return {
    deposits: -get('CASHIER_CLEARING', ['deposit']),
    depositCount: count('CASHIER_CLEARING', 'deposit'),
    withdrawals: get('CASHIER_CLEARING', ['withdrawal_paid', 'withdrawal_returned']),
    withdrawalCount: count('CASHIER_CLEARING', 'withdrawal_paid'),
    stakes: get('HOUSE', ['bet']),
    wins: -get('HOUSE', ['payout']),
    bonuses: -get('PROMOTION_COST', ['bonus', 'bonus_forfeit', 'rebate']),
    commissions: -get('AGENT_COMMISSION_COST', ['salary', 'dividend']),
  };
}

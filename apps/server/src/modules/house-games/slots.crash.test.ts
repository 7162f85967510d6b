import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { parseAmount } from '@kismat/contracts/wallet';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { fairnessSeeds, slotRounds } from '../../db/schema/house-games';
import { ledgerTransfers } from '../../db/schema/ledger';
import { type CrashHarness, envelopeOf, fireBurst, type HttpRequest, runNpmScript } from '../../test/crash-harness';
import { defaultMerchant, fundedPlayer, loginOverHttp, onPostgres, useCrashHarness } from '../../test/crash-steps';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * Issue 6 acceptance, crash: the real server is killed with SIGKILL while a burst of slot spins
 * is in flight, one of them provably inside its transaction (the test holds a lock its member's
 * debit must wait for), then started again on the same database and sent the same spins (same
 * idempotency keys). A spin is one transaction, so each interrupted spin must have left nothing
 * (void) and each committed one everything (complete); after the replay every key has exactly
 * one round, one bet debit and a payout iff it won, nonces are contiguous, balances equal funds
 * minus bets plus wins, and the ledger verifies.
 */

const PLAYERS = 4;
const SPINS_PER_PLAYER = 12;
/** The blocked player's spins: few, so the burst's other workers keep going around them. */
const BLOCKED_SPINS = 2;
const CONCURRENCY = 6;
const FUNDS = 100_000n;
const TITLE = 'bengal-tiger';

let harness: CrashHarness;

useCrashHarness((created) => {
  harness = created;
});

describe.skipIf(!onPostgres)('SIGKILL during slot spins', () => {
  it('every spin is complete or void exactly once after restart, with no double debit', { timeout: 240_000 }, async () => {
    const { db } = harness.database;
    const merchant = await defaultMerchant(db);
    const titleBet = '1.00';
    const players = [] as { id: number; username: string; password: string; cashAccountId: number }[];
    for (let index = 0; index < PLAYERS; index += 1) {
      const { member, password, accounts } = await fundedPlayer(db, merchant, FUNDS);
      players.push({ id: member.id, username: member.username, password, cashAccountId: accounts.memberAccountId });
    }
    await harness.start();
    const tokens = await Promise.all(players.map((player) => loginOverHttp(harness.client, player.username, player.password)));

    // The blocked player's spins first, then the others interleaved.
    const run = Date.now().toString(36);
    const requests: (HttpRequest & { memberId: number; key: string })[] = [];
    const spin = (index: number, n: number) => {
      const key = `crash-spin-${run}-${index}-${n}`;
      requests.push({
        method: 'POST',
        path: HOUSE_GAME_PATHS.spin,
        token: tokens[index],
        body: { titleId: TITLE, betLevel: titleBet, idempotencyKey: key },
        memberId: players[index]!.id,
        key,
      });
    };
    for (let n = 0; n < BLOCKED_SPINS; n += 1) spin(0, n);
    for (let n = 0; n < SPINS_PER_PLAYER; n += 1) for (let index = 1; index < PLAYERS; index += 1) spin(index, n);

    // Hold player 0's cash row: their spin takes its seed lock, writes its round, then waits on
    // this lock for the debit, inside its transaction, until the server dies.
    const blocker = new pg.Client({ connectionString: harness.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [players[0]!.cashAccountId]);
    const waitingOnBlocker = async () => {
      // pg_stat_activity is snapshotted once per transaction: drop the blocker's snapshot each poll.
      await blocker.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await blocker.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE a.datname = current_database() AND NOT l.granted`,
      );
      return (rows[0]?.n ?? 0) > 0;
    };

    let killed: Promise<unknown> | undefined;
    let waitedAtKill = false;
    const killAfter = Math.floor((requests.length - BLOCKED_SPINS) / 2);
    const firstLife = await fireBurst(harness.client, requests, {
      concurrency: CONCURRENCY,
      onSettled: async (completed) => {
        if (killed || completed < killAfter) return;
        waitedAtKill = await waitingOnBlocker();
        killed ??= harness.kill();
      },
    });
    await killed;
    await blocker.query('ROLLBACK');
    await blocker.end();
    expect(waitedAtKill, 'a spin was waiting inside its transaction when the server died').toBe(true);

    // Right after the kill: the blocked player's spins left nothing at all (void), and every
    // spin answered OK before the kill is durable.
    const blockedRounds = await db.select().from(slotRounds).where(eq(slotRounds.memberId, players[0]!.id));
    expect(blockedRounds).toHaveLength(0);
    expect(await db.select().from(gameRounds).where(eq(gameRounds.memberId, players[0]!.id))).toHaveLength(0);
    const answered = firstLife.flatMap((result, index) => (result?.status === 200 ? [index] : []));
    expect(answered.length).toBeGreaterThanOrEqual(killAfter - CONCURRENCY);
    for (const index of answered) {
      const request = requests[index]!;
      const [round] = await db
        .select()
        .from(slotRounds)
        .where(and(eq(slotRounds.memberId, request.memberId), eq(slotRounds.idempotencyKey, request.key)));
      expect(round?.id).toBe(Number(envelopeOf<{ round: { roundId: string } }>(firstLife[index]!).value.round.roundId));
    }

    // Restart and send everything again.
    await harness.start();
    const secondLife = await fireBurst(harness.client, requests, { concurrency: CONCURRENCY });
    for (const [index, result] of secondLife.entries()) {
      expect(result.status, result.body).toBe(200);
      const value = envelopeOf<{ isReplay: boolean; round: { roundId: string } }>(result).value;
      if (answered.includes(index)) {
        expect(value.isReplay).toBe(true);
        expect(value.round.roundId).toBe(envelopeOf<{ round: { roundId: string } }>(firstLife[index]!).value.round.roundId);
      }
    }

    // Exactly once: one round per key, one bet debit per round, a payout iff it won.
    const rounds = await db.select().from(slotRounds);
    expect(rounds).toHaveLength(requests.length);
    expect(new Set(rounds.map((round) => `${round.memberId}:${round.idempotencyKey}`)).size).toBe(requests.length);
    const slotTransfers = await db
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, 'slot:%'));
    const keys = new Set(slotTransfers.map((row) => row.key));
    expect(slotTransfers).toHaveLength(rounds.length + rounds.filter((round) => round.totalPayoutMinor > 0n).length);
    // And one settled game round per spin, with its stake and payout (agent figures, records).
    const settled = new Map(
      (await db.select().from(gameRounds).where(like(gameRounds.vendorRoundId, 'slot:%'))).map((row) => [row.vendorRoundId, row]),
    );
    expect(settled.size).toBe(rounds.length);
    for (const round of rounds) {
      const gameRound = settled.get(`slot:${round.id}`);
      expect([gameRound?.memberId, gameRound?.status, gameRound?.betTotal, gameRound?.payoutTotal]).toEqual([
        round.memberId,
        'CLOSED',
        round.totalBetMinor,
        round.totalPayoutMinor,
      ]);
      expect(round.betTransferId).not.toBeNull();
      expect(keys.has(`slot:${round.id}:bet`)).toBe(true);
      expect(keys.has(`slot:${round.id}:payout`)).toBe(round.totalPayoutMinor > 0n);
      expect(round.payoutTransferId !== null).toBe(round.totalPayoutMinor > 0n);
    }
    for (const player of players) {
      const mine = rounds.filter((round) => round.memberId === player.id);
      const expected = mine.reduce((sum, round) => sum - round.totalBetMinor + round.totalPayoutMinor, FUNDS);
      expect((await getMemberBalances(db, { merchantId: merchant.id, memberId: player.id })).cash).toBe(expected);
      // Nonces: no gap, no reuse (a voided spin gave its nonce back with its rollback).
      const [seed] = await db
        .select()
        .from(fairnessSeeds)
        .where(and(eq(fairnessSeeds.memberId, player.id), eq(fairnessSeeds.status, 'ACTIVE')));
      expect(seed?.nextNonce).toBe(mine.length);
      expect(mine.map((round) => round.nonce).sort((a, b) => a - b)).toEqual(mine.map((_, index) => index));
    }
    expect(rounds.every((round) => round.totalBetMinor === parseAmount(titleBet))).toBe(true);

    const report = await verifyLedger(db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    const cli = await runNpmScript('ledger:verify', { DATABASE_URL: harness.databaseUrl });
    expect(cli.code, `${cli.stdout}\n${cli.stderr}`).toBe(0);
  });
});

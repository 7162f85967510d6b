import { sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import type { Db, Tx } from '../../platform/db';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { recordRoundFact, recordRoundFacts } from '../facts/index';
import { accountOwnersRelation } from '../wallet/index';

/*
 * In-house play in game_rounds (docs/agent-contracts.md, "In-house games count like vendor
 * rounds"). Everything that reads rounds (agent valid bet, active members, reports, contract
 * settlement, the member's betting record and profit/loss, the winner board) reads game_rounds;
 * the house games write their settled rounds there, in the transaction that moves the money,
 * under the in-house vendor of the catalogue seed and the game of the same code. A slot spin is
 * one CLOSED round; a drawn lottery issue is one CLOSED round per member account holding tickets
 * (stake = its tickets, payout = their wins, bet count = tickets). Pending and cancelled tickets
 * and refused or crashed spins write nothing, so they never count.
 */

/** The in-house vendor's code in the catalogue seed (modules/catalogue/catalogue-data.ts). */
export const HOUSE_VENDOR_CODE = 'KISMAT';

/** The catalogue game (id, vendor, category) of an in-house game code, as a one-row SQL source. */
export function houseGameSource(gameCode: string) {
  return sql`(SELECT g.id, g.vendor_id, g.category FROM games g JOIN vendors v ON v.id = g.vendor_id
    WHERE v.code = ${HOUSE_VENDOR_CODE}::text AND g.game_code = ${gameCode}::text)`;
}

/** The round key of a slot spin in game_rounds (unique per vendor). */
export const slotRoundKey = (slotRoundId: number) => `slot:${slotRoundId}`;

/** The round key of one member account's tickets in one drawn issue (unique per vendor). */
export function lotteryRoundKeyPrefix(issue: { gameCode: string; issueNo: string }): string {
  return `lottery:${issue.gameCode}:${issue.issueNo}:`;
}

export class HouseGameNotInCatalogueError extends Error {
  constructor(gameCode: string) {
    super(`in-house game ${gameCode} is not in the catalogue under vendor ${HOUSE_VENDOR_CODE}: its rounds cannot be recorded`);
  }
}

/** The catalogue row an in-house game's rounds are written under. */
export interface HouseGame {
  gameId: number;
  vendorId: number;
  category: string;
}

const HOUSE_GAME_TTL_MS = 60_000;
const houseGames = new WeakMap<object, Map<string, { game: HouseGame; expires: number }>>();

/**
 * The catalogue game of an in-house game code, remembered briefly per database: a spin then
 * writes its round with a plain INSERT instead of planning a catalogue join every time (about
 * 1 ms less per spin under load). Throws when the code is not in the catalogue.
 */
export async function findHouseGame(db: Db, gameCode: string, now = Date.now()): Promise<HouseGame> {
  let byCode = houseGames.get(db);
  if (!byCode) {
    byCode = new Map();
    houseGames.set(db, byCode);
  }
  const hit = byCode.get(gameCode);
  if (hit && hit.expires > now) return hit.game;
  const [row] = rowsOf<{ id: unknown; vendor_id: unknown; category: string }>(
    await db.execute(sql`SELECT g.id, g.vendor_id, g.category FROM ${houseGameSource(gameCode)} AS g`),
  );
  if (!row) throw new HouseGameNotInCatalogueError(gameCode);
  const game = { gameId: Number(row.id), vendorId: Number(row.vendor_id), category: row.category };
  byCode.set(gameCode, { game, expires: now + HOUSE_GAME_TTL_MS });
  return game;
}

/** One settled spin as a CLOSED round (opened and closed when played), in the spin's transaction. */
export async function recordSlotGameRound(
  tx: Tx,
  game: HouseGame,
  round: {
    id: number;
    merchantId: number;
    memberId: number;
    currency: string;
    isTrial: boolean;
    totalBetMinor: bigint;
    totalPayoutMinor: bigint;
    playedAt: Date;
  },
): Promise<void> {
  const [recorded] = await tx
    .insert(gameRounds)
    .values({
      merchantId: round.merchantId,
      memberId: round.memberId,
      vendorId: game.vendorId,
      gameId: game.gameId,
      gameType: game.category,
      vendorRoundId: slotRoundKey(round.id),
      currency: round.currency,
      status: 'CLOSED',
      isTrial: round.isTrial,
      betTotal: round.totalBetMinor,
      payoutTotal: round.totalPayoutMinor,
      betCount: 1,
      openedAt: round.playedAt,
      closedAt: round.playedAt,
    })
    .returning({ id: gameRounds.id });
  // The loyalty engines' fact (modules/facts), settled with the spin; play money is no fact.
  if (!round.isTrial && recorded) {
    await recordRoundFact(tx, {
      merchantId: round.merchantId,
      memberId: round.memberId,
      sourceId: recorded.id,
      gameType: game.category,
      amount: round.totalBetMinor,
      payout: round.totalPayoutMinor,
      occurredAt: round.playedAt,
    });
  }
}

/** One member account's tickets in a drawn issue, as summed by settlement's single pass over them. */
export interface DrawnAccount {
  memberAccountId: number;
  tickets: number;
  stakeMinor: bigint;
  payoutMinor: bigint;
  /** ISO instant of the account's first ticket in the issue. */
  firstPlacedAt: string;
}

/**
 * A drawn issue as one CLOSED round per member account holding tickets (lost ones included):
 * stake and payout of its tickets, bet count = tickets, opened at its first ticket, closed when
 * drawn. One set-based INSERT from the sums settlement already made (the member, currency and
 * realm come from the account row), so the cost grows with the accounts, not the tickets.
 * Throws, rolling the draw back, if the game is not in the catalogue.
 */
export async function recordLotteryGameRounds(
  tx: Tx,
  input: { issue: { gameCode: string; issueNo: string }; drawnAt: Date; accounts: readonly DrawnAccount[] },
): Promise<void> {
  if (input.accounts.length === 0) return;
  const payload = JSON.stringify(
    input.accounts.map((account) => ({
      account_id: account.memberAccountId,
      tickets: account.tickets,
      stake: account.stakeMinor.toString(),
      payout: account.payoutMinor.toString(),
      first_placed_at: account.firstPlacedAt,
    })),
  );
  const rows = rowsOf<{
    id: unknown;
    merchant_id: unknown;
    member_id: unknown;
    game_type: string;
    bet_total: unknown;
    payout_total: unknown;
    is_trial: unknown;
  }>(
    await tx.execute(sql`
      INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
        is_trial, bet_total, payout_total, bet_count, opened_at, closed_at)
      SELECT a.merchant_id, a.owner_member_id, g.vendor_id, g.id, g.category, ${lotteryRoundKeyPrefix(input.issue)}::text || a.id,
             a.currency, 'CLOSED', a.is_trial, s.stake, s.payout, s.tickets, s.first_placed_at, ${input.drawnAt.toISOString()}::timestamptz
        FROM jsonb_to_recordset(${payload}::jsonb)
               AS s(account_id bigint, tickets int, stake bigint, payout bigint, first_placed_at timestamptz)
        JOIN ${accountOwnersRelation()} AS a ON a.id = s.account_id
        CROSS JOIN ${houseGameSource(input.issue.gameCode)} AS g
      RETURNING id, merchant_id, member_id, game_type, bet_total, payout_total, is_trial`),
  );
  if (rows.length !== input.accounts.length) throw new HouseGameNotInCatalogueError(input.issue.gameCode);
  // The settled rounds are the loyalty engines' facts (modules/facts): one multi-row INSERT in
  // the draw's transaction; play-money accounts' rounds are none.
  await recordRoundFacts(
    tx,
    rows
      .filter((row) => row.is_trial !== true && row.is_trial !== 't')
      .map((row) => ({
        merchantId: toNumber(row.merchant_id),
        memberId: toNumber(row.member_id),
        sourceId: toNumber(row.id),
        gameType: row.game_type,
        amount: toBigInt(row.bet_total),
        payout: toBigInt(row.payout_total),
        occurredAt: input.drawnAt,
      })),
  );
}

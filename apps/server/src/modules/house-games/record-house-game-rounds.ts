import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { recordRoundFact, recordRoundFacts, roundFactSql } from '../facts/index';

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

/** One closed round as game_rounds holds it. */
export interface ClosedGameRound {
  merchantId: number;
  memberId: number;
  vendorId: number;
  gameId: number;
  gameType: string;
  vendorRoundId: string;
  currency: string;
  isTrial: boolean;
  betTotal: bigint;
  payoutTotal: bigint;
  betCount: number;
  openedAt: Date;
  closedAt: Date;
}

/** A round a drawn issue wrote, as its fact needs it. */
export interface DrawnGameRound {
  id: number;
  merchantId: number;
  memberId: number;
  gameType: string;
  betTotal: bigint;
  payoutTotal: bigint;
  isTrial: boolean;
}

/**
 * The catalogue's games and vendor-wallet's game_rounds, as this module uses them. Both modules
 * sit above house games (the catalogue lists the lotteries; vendor-wallet reads the catalogue),
 * so this module cannot import them: the route registry (modules/index.ts) hands vendor-wallet's
 * implementation in at start-up. Each call is the one statement it was here (the spin and the
 * draw make no extra round trip).
 */
export interface HouseGameRounds {
  /** The catalogue game of a code under a vendor, or undefined. */
  findGame(db: Db, vendorCode: string, gameCode: string): Promise<HouseGame | undefined>;
  /** Inserts one closed round; its id. */
  insertClosedRound(tx: Tx, round: ClosedGameRound): Promise<number | undefined>;
  /** The same INSERT (RETURNING id) as a part for a statement the caller runs anyway (the slot spin). */
  closedRoundSql(round: ClosedGameRound): SQL;
  /**
   * One set-based INSERT: a closed round per account of `accountsJson` ([{ account_id, tickets,
   * stake, payout, first_placed_at }]; member, currency and realm from the account row) under
   * the catalogue game of `gameCode`; the rounds written (none when the game is not in the catalogue).
   */
  insertDrawnRounds(
    tx: Tx,
    input: { vendorCode: string; gameCode: string; roundKeyPrefix: string; closedAt: Date; accountsJson: string },
  ): Promise<DrawnGameRound[]>;
}

let registered: HouseGameRounds | null = null;

export function registerHouseGameRounds(rounds: HouseGameRounds): void {
  registered = rounds;
}

function houseGameRounds(): HouseGameRounds {
  if (!registered) throw new Error('no house game rounds: modules/index.ts registers vendor-wallet');
  return registered;
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
  const game = await houseGameRounds().findGame(db, HOUSE_VENDOR_CODE, gameCode);
  if (!game) throw new HouseGameNotInCatalogueError(gameCode);
  byCode.set(gameCode, { game, expires: now + HOUSE_GAME_TTL_MS });
  return game;
}

/**
 * A settled spin as WITH parts for its one writing statement: `spin_game_round`
 * (the CLOSED round, RETURNING id) and, with real money and a stake, `spin_fact` (its fact, whose
 * source is that round).
 */
export function slotGameRoundParts(
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
): SQL {
  const gameRound = houseGameRounds().closedRoundSql({
    merchantId: round.merchantId,
    memberId: round.memberId,
    vendorId: game.vendorId,
    gameId: game.gameId,
    gameType: game.category,
    vendorRoundId: slotRoundKey(round.id),
    currency: round.currency,
    isTrial: round.isTrial,
    betTotal: round.totalBetMinor,
    payoutTotal: round.totalPayoutMinor,
    betCount: 1,
    openedAt: round.playedAt,
    closedAt: round.playedAt,
  });
  const fact = round.isTrial
    ? null
    : roundFactSql({
        merchantId: round.merchantId,
        memberId: round.memberId,
        sourceId: sql`(SELECT id FROM spin_game_round)`,
        gameType: game.category,
        amount: round.totalBetMinor,
        payout: round.totalPayoutMinor,
        occurredAt: round.playedAt,
      });
  return fact ? sql`spin_game_round AS (${gameRound}), spin_fact AS (${fact})` : sql`spin_game_round AS (${gameRound})`;
}

/**
 * One settled in-house round (a slot spin; an original, keyed `original:<id>`) as a CLOSED
 * game round and, with real money, the loyalty engines' fact, in the settling transaction.
 */
export async function recordClosedHouseRound(
  tx: Tx,
  game: HouseGame,
  round: {
    vendorRoundId: string;
    merchantId: number;
    memberId: number;
    currency: string;
    isTrial: boolean;
    betMinor: bigint;
    payoutMinor: bigint;
    openedAt: Date;
    closedAt: Date;
  },
): Promise<void> {
  const recordedId = await houseGameRounds().insertClosedRound(tx, {
    merchantId: round.merchantId,
    memberId: round.memberId,
    vendorId: game.vendorId,
    gameId: game.gameId,
    gameType: game.category,
    vendorRoundId: round.vendorRoundId,
    currency: round.currency,
    isTrial: round.isTrial,
    betTotal: round.betMinor,
    payoutTotal: round.payoutMinor,
    betCount: 1,
    openedAt: round.openedAt,
    closedAt: round.closedAt,
  });
  // The loyalty engines' fact (modules/facts), settled with the round; play money is no fact.
  if (!round.isTrial && recordedId !== undefined) {
    await recordRoundFact(tx, {
      merchantId: round.merchantId,
      memberId: round.memberId,
      sourceId: recordedId,
      gameType: game.category,
      amount: round.betMinor,
      payout: round.payoutMinor,
      occurredAt: round.closedAt,
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
  const rows = await houseGameRounds().insertDrawnRounds(tx, {
    vendorCode: HOUSE_VENDOR_CODE,
    gameCode: input.issue.gameCode,
    roundKeyPrefix: lotteryRoundKeyPrefix(input.issue),
    closedAt: input.drawnAt,
    accountsJson: payload,
  });
  if (rows.length !== input.accounts.length) throw new HouseGameNotInCatalogueError(input.issue.gameCode);
  // The settled rounds are the loyalty engines' facts (modules/facts): one multi-row INSERT in
  // the draw's transaction; play-money accounts' rounds are none.
  await recordRoundFacts(
    tx,
    rows
      .filter((row) => !row.isTrial)
      .map((row) => ({
        merchantId: row.merchantId,
        memberId: row.memberId,
        sourceId: row.id,
        gameType: row.gameType,
        amount: row.betTotal,
        payout: row.payoutTotal,
        occurredAt: input.drawnAt,
      })),
  );
}

import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { parseAmount } from '@kismat/contracts/wallet';
import { seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { type CardGameId, playCardGame } from '@kismat/game-math/originals/card-games';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';
import type { TestClient } from '../../test/factories';

/** A money string ("12.50") in minor units, zero allowed. */
export const minor = (money: string): bigint => parseAmount(money, { allowZero: true });

/** Test helper (not production code): the mined tiles of a round as the database holds them. */
export async function mineTilesOf(db: Db, roundId: string): Promise<number[]> {
  const [row] = rowsOf<{ tiles: number[] }>(
    await db.execute(sql`SELECT outcome->'mineTiles' AS tiles FROM original_rounds WHERE id = ${roundId}`),
  );
  if (!row) throw new Error('no round');
  return row.tiles;
}

/** The settled game_rounds of a member's originals, by round key. */
export async function originalGameRounds(db: Db, memberId: number) {
  return rowsOf<{
    vendor_round_id: string;
    game_code: string;
    game_type: string;
    bet_total: string;
    payout_total: string;
    is_trial: boolean;
  }>(
    await db.execute(sql`
      SELECT r.vendor_round_id, g.game_code, r.game_type, r.bet_total::text, r.payout_total::text, r.is_trial
        FROM game_rounds r JOIN games g ON g.id = r.game_id
       WHERE r.member_id = ${memberId} AND r.vendor_round_id LIKE 'original:%'
       ORDER BY r.id`),
  );
}

/** How many payout transfers the ledger holds for a round. */
export async function payoutTransfersOf(db: Db, roundId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key = ${`original:${roundId}:payout`}`),
  );
  return row?.n ?? 0;
}

/**
 * Rotates the player's seed, then checks each card round as the browser does: its verify inputs
 * carry the revealed seed (asserted), and game-math replays the deal from the published seeds and
 * the settled slip's stakes. Answers each round's inputs and replay, in order, for the caller's checks.
 */
export async function replayCardRounds(client: TestClient, token: string, game: CardGameId, rounds: readonly { roundId: string }[]) {
  const rotated = (await client.call('POST', HOUSE_GAME_PATHS.rotateSeed, { token, body: {} })).json().value;
  const replays = [];
  for (const round of rounds) {
    const inputs = (await client.call('GET', ORIGINALS_PATHS.verify.replace(':roundId', round.roundId), { token })).json().value;
    expect(inputs.serverSeed).toBe(rotated.revealed.serverSeed);
    const stakes = Object.fromEntries(inputs.round.cards.bets.map((bet: { bet: string; stake: string }) => [bet.bet, minor(bet.stake)]));
    replays.push({
      inputs,
      replayed: playCardGame(game, seedInputsFromHex(inputs.serverSeed, inputs.round.clientSeed, inputs.round.nonce), stakes),
    });
  }
  return replays;
}

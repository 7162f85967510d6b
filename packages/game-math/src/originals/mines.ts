import { createFairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import { drawWithoutReplacement } from '../fair/shuffle';
import { assertHouseEdge, BP_SCALE } from './house-edge';

/**
 * Mines: a 5x5 board (tiles 0..24, row by row) with `mineCount` mines (1..24) placed when the
 * round opens: the first `mineCount` draws of a Fisher-Yates pass over the 25 tiles from the
 * round's nonce (`drawWithoutReplacement(25, mineCount)`). The player reveals tiles one at a
 * time; a mine ends the round with nothing, and after any safe tile the player may cash out at
 *   multiplier(k) = (1 - edge) x C(25, k) / C(25 - m, k)
 * (k safe tiles revealed), in 1/10,000 units rounded down. The chance of surviving k picks is
 * C(25 - m, k) / C(25, k), whatever tiles are chosen, so cashing out after k pays
 * P(k) x multiplier(k) <= 1 - edge of the stake: every strategy (any stopping rule) has an RTP
 * of at most 1 - edge and at least 1 - edge - 1/10,000.
 */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;

export function isValidMineCount(mineCount: number): boolean {
  return Number.isInteger(mineCount) && mineCount >= MINES_MIN && mineCount <= MINES_MAX;
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let index = 1; index <= k; index++) result = (result * BigInt(n - k + index)) / BigInt(index);
  return result;
}

/** The cash-out multiplier after `safeRevealed` safe tiles (1..25 - m), 1/10,000 units. */
export function minesMultiplier(mineCount: number, safeRevealed: number, edgeBp: number): number {
  assertHouseEdge(edgeBp);
  if (!isValidMineCount(mineCount)) throw new RangeError('mine count out of range');
  if (!Number.isInteger(safeRevealed) || safeRevealed < 1 || safeRevealed > MINES_TILES - mineCount) {
    throw new RangeError('safe tiles out of range');
  }
  const value = (BigInt(BP_SCALE - edgeBp) * binomial(MINES_TILES, safeRevealed)) / binomial(MINES_TILES - mineCount, safeRevealed);
  return Number(value);
}

/** The chance, as an exact fraction, of k safe picks in a row. */
export function minesSurvival(mineCount: number, safeRevealed: number): { numerator: bigint; denominator: bigint } {
  return { numerator: binomial(MINES_TILES - mineCount, safeRevealed), denominator: binomial(MINES_TILES, safeRevealed) };
}

/** The mined tiles of a round, ascending: a pure function of (server seed, client seed, nonce) and the count. */
export function placeMines(inputs: SeedInputs, mineCount: number): number[] {
  if (!isValidMineCount(mineCount)) throw new RangeError('mine count out of range');
  return drawWithoutReplacement(MINES_TILES, mineCount, createFairStream(inputs)).sort((a, b) => a - b);
}

/**
 * Replays a finished round from its inputs and the tiles picked in order: where the mines were,
 * whether a pick hit one, and what it paid (cashed out after the safe picks, or nothing).
 */
export function replayMines(
  inputs: SeedInputs,
  round: { mineCount: number; picks: readonly number[]; stakeMinor: bigint; edgeBp: number },
): { mines: number[]; hitMine: number | null; safeRevealed: number; multiplier: number; payoutMinor: bigint } {
  const mines = placeMines(inputs, round.mineCount);
  const mined = new Set(mines);
  let safeRevealed = 0;
  for (const tile of round.picks) {
    if (mined.has(tile)) return { mines, hitMine: tile, safeRevealed, multiplier: 0, payoutMinor: 0n };
    safeRevealed++;
  }
  if (safeRevealed === 0) return { mines, hitMine: null, safeRevealed, multiplier: 0, payoutMinor: 0n };
  const multiplier = minesMultiplier(round.mineCount, safeRevealed, round.edgeBp);
  return { mines, hitMine: null, safeRevealed, multiplier, payoutMinor: (round.stakeMinor * BigInt(multiplier)) / 10_000n };
}

import { createFairStream } from '../fair/fair-stream';
import type { SeedInputs } from '../fair/seed-inputs';
import { MULTIPLIER_SCALE, payoutFor } from './house-edge';
import { PLINKO_HALF_TABLES, PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, type PlinkoRisk } from './plinko-tables';

export { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, type PlinkoRisk } from './plinko-tables';

/**
 * Plinko: a ball falls through `rows` rows of pegs (8-16); at each row it goes left or right,
 * `nextInt(2)` from the round's nonce (1 = right), row 1 first. It lands in slot = number of
 * rights (0..rows), so slot k has probability C(rows, k) / 2^rows, and pays the slot's multiplier
 * from the table of (rows, risk). The tables are fixed (published style); the merchant's house
 * edge setting does not change them: their RTP is exactly computed and shown.
 */
export interface PlinkoBet {
  readonly rows: number;
  readonly risk: PlinkoRisk;
}

export interface PlinkoResult {
  /** 0 = left, 1 = right, one per row. */
  readonly path: number[];
  readonly slot: number;
  /** 1/10,000 units. */
  readonly multiplier: number;
  readonly payoutMinor: bigint;
}

export function isValidPlinkoBet(bet: PlinkoBet): boolean {
  return Number.isInteger(bet.rows) && bet.rows >= PLINKO_MIN_ROWS && bet.rows <= PLINKO_MAX_ROWS && PLINKO_RISKS.includes(bet.risk);
}

/** The slot multipliers of a table, left to right, in 1/10,000 units. */
export function plinkoMultipliers(bet: PlinkoBet): number[] {
  if (!isValidPlinkoBet(bet)) throw new RangeError('invalid plinko bet');
  const half = (PLINKO_HALF_TABLES[bet.rows]?.[bet.risk] ?? []).map((value) => Math.round(value * MULTIPLIER_SCALE));
  const mirrored = [...half].reverse().slice(bet.rows % 2 === 0 ? 1 : 0);
  return [...half, ...mirrored];
}

/** One drop: a pure function of (server seed, client seed, nonce) and the bet. */
export function dropPlinko(inputs: SeedInputs, bet: PlinkoBet, stakeMinor: bigint): PlinkoResult {
  const multipliers = plinkoMultipliers(bet);
  const random = createFairStream(inputs);
  const path = Array.from({ length: bet.rows }, () => random.nextInt(2));
  const slot = path.reduce((sum, step) => sum + step, 0);
  const multiplier = multipliers[slot] ?? 0;
  return { path, slot, multiplier, payoutMinor: payoutFor(stakeMinor, multiplier) };
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let index = 1; index <= k; index++) result = (result * (n - k + index)) / index;
  return Math.round(result);
}

/** The exact RTP of a table: sum of C(rows, k) x multiplier(k) / 2^rows (integer arithmetic, then one division). */
export function plinkoExactRtp(bet: PlinkoBet): number {
  const multipliers = plinkoMultipliers(bet);
  let weighted = 0n;
  for (let slot = 0; slot <= bet.rows; slot++) weighted += BigInt(binomial(bet.rows, slot)) * BigInt(multipliers[slot] ?? 0);
  return Number(weighted) / (2 ** bet.rows * MULTIPLIER_SCALE);
}

/** The chance of each slot, left to right. */
export function plinkoSlotChances(rows: number): number[] {
  return Array.from({ length: rows + 1 }, (_, slot) => binomial(rows, slot) / 2 ** rows);
}

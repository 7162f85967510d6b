import { verifyCommitment } from '../fair/commitment';
import { createFairStream } from '../fair/fair-stream';
import { SeedInputError, type SeedInputs, seedInputsFromHex } from '../fair/seed-inputs';

/*
 * The lucky red envelope (docs/fairness/red-envelope.md). A draw is a weighted pick from the
 * promotion's prize table with the same provably fair stream as the house games:
 * roll = uniform integer in [0, total weight) from HMAC_SHA256(serverSeed, "<clientSeed>:<nonce>:0"),
 * and the prize is the first whose running weight passes the roll. Stock is the operator's, not
 * the seed's: a picked prize whose stock for the period is used up pays the last prize of the
 * table instead (the smallest, with no stock limit), and the draw record says so.
 */

export interface RedEnvelopePrize {
  /** Minor units. */
  readonly amount: bigint;
  /** A positive integer: the chance of this prize is weight / total weight. */
  readonly weight: number;
  /** Draws of this prize a period may pay; null for no limit (the last prize must have none). */
  readonly stock: number | null;
}

export interface RedEnvelopePick {
  /** The uniform integer drawn in [0, totalWeight). */
  readonly roll: number;
  readonly totalWeight: number;
  /** The prize the roll landed on (before stock). */
  readonly prizeIndex: number;
}

/** Throws RangeError when a table could not be drawn from or could overpay its stock rule. */
export function assertPrizeTable(prizes: readonly RedEnvelopePrize[]): void {
  if (prizes.length === 0 || prizes.length > 32) throw new RangeError('a prize table has 1 to 32 prizes');
  let total = 0;
  for (const prize of prizes) {
    if (!Number.isSafeInteger(prize.weight) || prize.weight < 1) throw new RangeError('weights are positive integers');
    if (prize.amount <= 0n) throw new RangeError('amounts are positive');
    if (prize.stock !== null && (!Number.isSafeInteger(prize.stock) || prize.stock < 0)) throw new RangeError('stock is a count');
    total += prize.weight;
  }
  if (total > 2 ** 32) throw new RangeError('total weight is at most 2^32');
  const fallback = prizes[prizes.length - 1]!;
  if (fallback.stock !== null) throw new RangeError('the last prize has no stock limit: it is paid when a picked prize is out of stock');
  if (prizes.some((prize) => prize.amount < fallback.amount)) throw new RangeError('the last prize is the smallest');
}

/** The weighted pick of one draw; everything it depends on is in its arguments. */
export function pickRedEnvelopePrize(seeds: SeedInputs, weights: readonly number[]): RedEnvelopePick {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const roll = createFairStream(seeds).nextInt(totalWeight);
  let running = 0;
  for (let index = 0; index < weights.length; index++) {
    running += weights[index]!;
    if (roll < running) return { roll, totalWeight, prizeIndex: index };
  }
  throw new RangeError('roll outside the table');
}

export interface RedEnvelopeCost {
  /** Sum of weight x amount / total weight, rounded up to a minor unit: an upper bound, since a stock-out pays the smallest prize. */
  readonly expectedPerDraw: bigint;
  readonly maxPrize: bigint;
  readonly minPrize: bigint;
  /** Per prize, parts per million of draws. */
  readonly chancePpm: readonly number[];
  /** Expected cost of `draws` draws in a period (upper bound as above). */
  readonly expectedForDraws: bigint;
  /** The most `draws` draws in a period can pay: the biggest prizes first, each up to its stock. */
  readonly worstCaseForDraws: bigint;
}

/** What the operator sees before publishing: expected and worst-case cost of a prize table. */
export function expectedRedEnvelopeCost(prizes: readonly RedEnvelopePrize[], draws: number): RedEnvelopeCost {
  assertPrizeTable(prizes);
  if (!Number.isSafeInteger(draws) || draws < 0) throw new RangeError('draws is a count');
  const totalWeight = BigInt(prizes.reduce((sum, prize) => sum + prize.weight, 0));
  const weighted = prizes.reduce((sum, prize) => sum + prize.amount * BigInt(prize.weight), 0n);
  const byAmount = prizes.map((prize) => prize.amount).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ceilDiv = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;
  let left = BigInt(draws);
  let worst = 0n;
  for (const prize of [...prizes].sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))) {
    if (left === 0n) break;
    const taken = prize.stock === null || BigInt(prize.stock) > left ? left : BigInt(prize.stock);
    worst += taken * prize.amount;
    left -= taken;
  }
  return {
    expectedPerDraw: ceilDiv(weighted, totalWeight),
    maxPrize: byAmount[byAmount.length - 1]!,
    minPrize: byAmount[0]!,
    chancePpm: prizes.map((prize) => Number((BigInt(prize.weight) * 1_000_000n) / totalWeight)),
    expectedForDraws: ceilDiv(weighted * BigInt(draws), totalWeight),
    worstCaseForDraws: worst,
  };
}

export interface RedEnvelopeDrawToVerify {
  readonly serverSeedHex: string;
  readonly commitmentHex: string;
  readonly clientSeed: string;
  readonly nonce: number;
  /** The table's weights in order, as recorded with the draw. */
  readonly weights: readonly number[];
}

export type VerifiedRedEnvelopeDraw =
  | { readonly ok: true; readonly isCommitmentValid: boolean; readonly pick: RedEnvelopePick }
  | { readonly ok: false; readonly error: 'BAD_SEED_INPUTS' | 'BAD_TABLE' };

/** The verify page's check: the seed matches its commitment and the roll and prize recompute. */
export function verifyRedEnvelopeDraw(draw: RedEnvelopeDrawToVerify): VerifiedRedEnvelopeDraw {
  let seeds: SeedInputs;
  try {
    seeds = seedInputsFromHex(draw.serverSeedHex, draw.clientSeed, draw.nonce);
  } catch (error) {
    if (error instanceof SeedInputError) return { ok: false, error: 'BAD_SEED_INPUTS' };
    throw error;
  }
  if (draw.weights.length === 0 || draw.weights.some((weight) => !Number.isSafeInteger(weight) || weight < 1)) {
    return { ok: false, error: 'BAD_TABLE' };
  }
  return {
    ok: true,
    isCommitmentValid: verifyCommitment(draw.serverSeedHex, draw.commitmentHex),
    pick: pickRedEnvelopePrize(seeds, draw.weights),
  };
}

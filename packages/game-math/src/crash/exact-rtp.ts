import { assertEdge, CRASH_DRAW_RANGE } from './crash-point';

/*
 * The exact return of an auto cash-out target, in closed form. With A = (10000 - edge) * 2^52,
 * the round reaches t (hundredths, 101 <= t <= the cap) exactly when floor(A / (100 (2^52 - k)))
 * >= t, i.e. when k >= 2^52 - floor(A / (100 t)). So floor(A / (100 t)) of the 2^52 draws win and
 *
 *   RTP(t) = t/100 * floor(A / (100 t)) / 2^52  =  (1 - edge) - d,  0 <= d < t / (100 * 2^52).
 */

/** How many of the 2^52 draws reach a target (hundredths). */
export function winningDrawCount(targetHundredths: number, edgeBasisPoints: number): bigint {
  assertEdge(edgeBasisPoints);
  const scaled = BigInt(10_000 - edgeBasisPoints) * CRASH_DRAW_RANGE;
  return scaled / (100n * BigInt(targetHundredths));
}

/** The smallest draw that reaches a target: every draw from it up to 2^52 - 1 wins. */
export function firstWinningDraw(targetHundredths: number, edgeBasisPoints: number): bigint {
  return CRASH_DRAW_RANGE - winningDrawCount(targetHundredths, edgeBasisPoints);
}

/** RTP of a target as an exact fraction: numerator / denominator. */
export function exactTargetRtp(targetHundredths: number, edgeBasisPoints: number): { numerator: bigint; denominator: bigint } {
  return {
    numerator: BigInt(targetHundredths) * winningDrawCount(targetHundredths, edgeBasisPoints),
    denominator: 100n * CRASH_DRAW_RANGE,
  };
}

/** The share of rounds that crash at 1.00x (every cash-out loses): draws with point below 1.01. */
export function instantCrashShare(edgeBasisPoints: number): number {
  return 1 - Number(winningDrawCount(101, edgeBasisPoints)) / Number(CRASH_DRAW_RANGE);
}

import { hexToBytes, isHex, utf8Bytes } from '../crypto/bytes';
import { hmacSha256 } from '../crypto/hmac-sha256';

/*
 * Crash points (docs/game-math.md, "Crash"). A round's crash point is a pure function of its
 * seed (a link of the published hash chain, hash-chain.ts), the chain's public salt and the
 * house edge fixed on the chain before its first round:
 *
 *   h = HMAC_SHA256(key = seed bytes, message = UTF-8 salt)
 *   k = the first 52 bits of h (13 hex digits), uniform on [0, 2^52)
 *   X = max(1.00, floor((1 - edge) / (1 - k / 2^52) * 100) / 100), capped at CRASH_MAX_MULTIPLIER
 *
 * in integers only (hundredths, basis points), so the server, the browser and a verifier agree
 * to the last digit. P(X >= t) = (1 - edge) / t up to 2^-52, so every cash-out target returns
 * 1 - edge (exact-rtp.ts proves it target by target).
 */

/** 2^52: the resolution of the uniform draw (the most a double holds exactly, as Bustabit and Stake use). */
export const CRASH_DRAW_RANGE = 2n ** 52n;
/** Multipliers are in hundredths (2.35x = 235). */
export const MULTIPLIER_SCALE = 100;
/** The highest crash point and auto cash-out target: 10,000.00x (the curve reaches it in about 2.6 minutes). */
export const CRASH_MAX_MULTIPLIER_HUNDREDTHS = 1_000_000;
/** The lowest auto cash-out target: 1.01x. */
export const CRASH_MIN_TARGET_HUNDREDTHS = 101;
/** House edge bounds in basis points (0.01 %); 100 = 1 %. */
export const CRASH_MIN_EDGE_BASIS_POINTS = 0;
export const CRASH_MAX_EDGE_BASIS_POINTS = 1000;

export function assertEdge(edgeBasisPoints: number): void {
  if (
    !Number.isInteger(edgeBasisPoints) ||
    edgeBasisPoints < CRASH_MIN_EDGE_BASIS_POINTS ||
    edgeBasisPoints > CRASH_MAX_EDGE_BASIS_POINTS
  ) {
    throw new RangeError(
      `house edge must be an integer from ${CRASH_MIN_EDGE_BASIS_POINTS} to ${CRASH_MAX_EDGE_BASIS_POINTS} basis points`,
    );
  }
}

/** The 52-bit draw of a round: the first 13 hex digits of HMAC_SHA256(seed, salt). */
export function crashDraw(seedHex: string, salt: string): bigint {
  if (!isHex(seedHex) || seedHex.length !== 64) throw new RangeError('a crash seed is 32 bytes of hex');
  const mac = hmacSha256(hexToBytes(seedHex), utf8Bytes(salt));
  let draw = 0n;
  // 6.5 bytes: six whole bytes and the high nibble of the seventh.
  for (let index = 0; index < 6; index += 1) draw = (draw << 8n) | BigInt(mac[index] ?? 0);
  return (draw << 4n) | BigInt((mac[6] ?? 0) >> 4);
}

/** The crash point in hundredths for a draw k in [0, 2^52): integer arithmetic only. */
export function crashPointOfDraw(draw: bigint, edgeBasisPoints: number): number {
  assertEdge(edgeBasisPoints);
  if (draw < 0n || draw >= CRASH_DRAW_RANGE) throw new RangeError('draw out of range');
  const numerator = BigInt(10_000 - edgeBasisPoints) * CRASH_DRAW_RANGE;
  const denominator = 100n * (CRASH_DRAW_RANGE - draw);
  const point = numerator / denominator;
  if (point < 100n) return 100;
  return point > BigInt(CRASH_MAX_MULTIPLIER_HUNDREDTHS) ? CRASH_MAX_MULTIPLIER_HUNDREDTHS : Number(point);
}

/** A round's crash point in hundredths from its revealed seed, the chain's salt and house edge. */
export function crashPointOf(seedHex: string, salt: string, edgeBasisPoints: number): number {
  return crashPointOfDraw(crashDraw(seedHex, salt), edgeBasisPoints);
}

/** Whether an auto cash-out at `targetHundredths` wins in a round that crashed at `crashPointHundredths`. */
export function isTargetReached(targetHundredths: number, crashPointHundredths: number): boolean {
  return targetHundredths <= crashPointHundredths;
}

/** The payout of a stake cashed out at a multiplier (hundredths), rounded down to the minor unit. */
export function payoutAt(stakeMinor: bigint, multiplierHundredths: number): bigint {
  return (stakeMinor * BigInt(multiplierHundredths)) / 100n;
}

/** "2.35" from 235. */
export function formatMultiplier(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

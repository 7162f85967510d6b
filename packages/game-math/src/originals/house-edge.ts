/**
 * The house edge of the originals (dice, mines) in basis points of the stake: 100 = 1%, the
 * merchant's setting (`merchants.settings.originalsHouseEdgeBp`). Every multiplier is a whole
 * number of ten-thousandths (`MULTIPLIER_SCALE`), rounded down, so the RTP proved in the tests
 * is never above 1 - edge and the player sees exactly the multiplier that is paid.
 */
export const DEFAULT_HOUSE_EDGE_BP = 100;
export const MIN_HOUSE_EDGE_BP = 0;
export const MAX_HOUSE_EDGE_BP = 1_000;
export const BP_SCALE = 10_000;
/** Multipliers are integers in units of 1/10,000 (2.4750x = 24_750). */
export const MULTIPLIER_SCALE = 10_000;

export function assertHouseEdge(edgeBp: number): void {
  if (!Number.isInteger(edgeBp) || edgeBp < MIN_HOUSE_EDGE_BP || edgeBp > MAX_HOUSE_EDGE_BP) {
    throw new RangeError(`house edge must be an integer of basis points in [${MIN_HOUSE_EDGE_BP}, ${MAX_HOUSE_EDGE_BP}]`);
  }
}

/** What a stake returns at a multiplier (1/10,000 units), rounded down to the minor unit. */
export function payoutFor(stakeMinor: bigint, multiplier: number): bigint {
  return (stakeMinor * BigInt(multiplier)) / BigInt(MULTIPLIER_SCALE);
}

/** "2.4750" for 24_750: the exact multiplier as text (no float rounding). */
export function formatMultiplier(multiplier: number): string {
  const whole = Math.floor(multiplier / MULTIPLIER_SCALE);
  const fraction = String(multiplier % MULTIPLIER_SCALE).padStart(4, '0');
  return `${whole}.${fraction}`;
}

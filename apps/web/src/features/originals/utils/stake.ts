/** Stakes are minor-unit bigints, read and written as the API's money strings (lib/money-units). */
export { parsePlainAmount as parseStake, toMinor, toMoneyString } from '@/lib/money-units';

export type StakePreset = 'HALF' | 'DOUBLE' | 'MIN' | 'MAX';

export interface StakeLimits {
  minMinor: bigint;
  maxMinor: bigint;
  /** What the player holds: MAX and DOUBLE never ask for more. */
  balanceMinor: bigint;
}

const clamp = (value: bigint, low: bigint, high: bigint) => (value < low ? low : value > high ? high : value);

/**
 * The stake after a preset button: half (down to the minimum), double (up to the maximum and the
 * balance), the minimum, or the most the limits and the balance allow. Never below the minimum:
 * a balance under it leaves the stake at the minimum, and the play button says why it is off.
 */
export function applyStakePreset(stakeMinor: bigint, preset: StakePreset, limits: StakeLimits): bigint {
  const ceiling = limits.balanceMinor < limits.maxMinor ? limits.balanceMinor : limits.maxMinor;
  const top = ceiling < limits.minMinor ? limits.minMinor : ceiling;
  if (preset === 'MIN') return limits.minMinor;
  if (preset === 'MAX') return top;
  if (preset === 'HALF') return clamp(stakeMinor / 2n, limits.minMinor, top);
  return clamp(stakeMinor * 2n, limits.minMinor, top);
}

export function isStakeValid(stakeMinor: bigint | null, limits: StakeLimits): stakeMinor is bigint {
  return stakeMinor !== null && stakeMinor >= limits.minMinor && stakeMinor <= limits.maxMinor && stakeMinor <= limits.balanceMinor;
}

/** A client seed chosen in the browser (16 random bytes as hex): the server committed its seed before it sees this one. */
export function createClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

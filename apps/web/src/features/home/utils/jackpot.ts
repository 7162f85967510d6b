/** Spec section 9: the jackpot roll number. Decorative; it is not a real prize pool. */
export const JACKPOT_START_MIN = 100_000_000;
export const JACKPOT_START_MAX = 1_000_000_000;
export const JACKPOT_STEP_MIN = 100;
export const JACKPOT_STEP_MAX = 500;
export const JACKPOT_DELAYS_MS = [3000, 4000, 5000] as const;

/** A whole number in [min, max], from a `random` in [0, 1). */
function randomInt(min: number, max: number, random: () => number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pickJackpotStart(random: () => number = Math.random): number {
  return randomInt(JACKPOT_START_MIN, JACKPOT_START_MAX, random);
}

export function pickJackpotStep(random: () => number = Math.random): number {
  return randomInt(JACKPOT_STEP_MIN, JACKPOT_STEP_MAX, random);
}

/** The wait before the next increase: 3, 4 or 5 seconds. */
export function pickJackpotDelay(random: () => number = Math.random): number {
  return JACKPOT_DELAYS_MS[Math.min(JACKPOT_DELAYS_MS.length - 1, Math.floor(random() * JACKPOT_DELAYS_MS.length))] ?? 3000;
}

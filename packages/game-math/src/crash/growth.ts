/*
 * The curve every player watches: the multiplier after `elapsedMs` of the running phase is
 * e^(CRASH_GROWTH_PER_MS * ms), shown and paid in hundredths rounded down. The round ends when
 * the curve reaches the crash point, at crashDurationMs. The server pays a manual cash-out at
 * the multiplier of ITS clock; the browser only draws.
 */

/** Growth rate: 2x after about 11.6 s, 10x after 38 s, 100x after 77 s. */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The multiplier in hundredths after `elapsedMs` of running (1.00x at 0). */
export function multiplierAtElapsed(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9);
}

/** How long the running phase lasts for a crash point: the first whole millisecond the curve shows it. */
export function crashDurationMs(crashPointHundredths: number): number {
  if (crashPointHundredths <= 100) return 0;
  let ms = Math.max(0, Math.floor(Math.log(crashPointHundredths / 100) / CRASH_GROWTH_PER_MS) - 1);
  while (multiplierAtElapsed(ms) < crashPointHundredths) ms += 1;
  return ms;
}

import type { RgRealityCheckValue } from '@kismat/contracts/responsible-gambling';

/**
 * The server's clock when it answered, read from the answer itself: the session started at
 * `sessionStartedAt` and `elapsedSeconds` had passed. Against the browser's time of receipt this
 * gives the skew nextStep needs (the contract carries no separate server time).
 */
export function serverNowOf(value: Pick<RgRealityCheckValue, 'sessionStartedAt' | 'elapsedSeconds'>): number | null {
  const started = Date.parse(value.sessionStartedAt);
  return Number.isNaN(started) ? null : started + value.elapsedSeconds * 1000;
}

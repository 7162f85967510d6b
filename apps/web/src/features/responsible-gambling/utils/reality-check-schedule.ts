/**
 * When the reality-check popup opens (issue 17, item 3). The server owns the schedule: it says
 * when the next check is due (`nextDueAt`) and what its own clock read (`serverTime`), so a
 * browser whose clock is off by minutes still opens the popup on the server's minute. Browsers
 * slow timers in background tabs, so a long wait is cut into steps of at most `maxStepMs` and
 * re-read from the clock each time rather than trusted to one long timer.
 */

/** The longest single timer: after it the schedule is re-read (and the server asked again). */
export const MAX_STEP_MS = 60_000;

export interface RealityCheckSchedule {
  /** ISO time the next check is due on the server's clock; null when reality checks are off. */
  nextDueAt: string | null;
  /** ISO time of the server's clock when it answered. */
  serverTime: string;
}

/** Server clock minus browser clock, in ms, measured when the answer arrived. */
export function clockSkewMs(serverTime: string, receivedAt: number): number {
  const server = Date.parse(serverTime);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

export type NextStep = { kind: 'off' } | { kind: 'due' } | { kind: 'wait'; delayMs: number };

/**
 * What the watcher does now: nothing (checks off), open the popup (due), or wait `delayMs` and
 * ask again. `now` is the browser's clock; `skewMs` turns it into the server's.
 */
export function nextStep(nextDueAt: string | null, now: number, skewMs: number, maxStepMs = MAX_STEP_MS): NextStep {
  if (nextDueAt === null) return { kind: 'off' };
  const due = Date.parse(nextDueAt);
  if (Number.isNaN(due)) return { kind: 'off' };
  const left = due - (now + skewMs);
  if (left <= 0) return { kind: 'due' };
  return { kind: 'wait', delayMs: Math.min(left, maxStepMs) };
}

/** Whole minutes between two ISO times (time played), never negative. */
export function minutesBetween(fromIso: string, toMs: number): number {
  const from = Date.parse(fromIso);
  if (Number.isNaN(from)) return 0;
  return Math.max(0, Math.floor((toMs - from) / 60_000));
}

/*
 * The merchant's local time (merchants.utc_offset_minutes, a fixed offset): local days and hours
 * as UTC instants. A local hour starts at a whole local hour, so with a +05:45 offset its UTC
 * start is at :15; every local day, week and month is still a whole set of local hours.
 */

const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The UTC instant at which the local day (YYYY-MM-DD) starts. */
export function localDayStart(day: string, offsetMinutes: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offsetMinutes * MINUTE_MS);
}

/** The local day (YYYY-MM-DD) an instant falls on. */
export function localDayOf(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** The start (UTC instant) of the local hour an instant falls in. */
export function localHourFloor(at: Date, offsetMinutes: number): Date {
  const local = at.getTime() + offsetMinutes * MINUTE_MS;
  return new Date(Math.floor(local / HOUR_MS) * HOUR_MS - offsetMinutes * MINUTE_MS);
}

/** The day after (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

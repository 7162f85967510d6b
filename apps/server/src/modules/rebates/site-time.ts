/*
 * Site time: a merchant's business day runs midnight to midnight at its fixed UTC offset
 * (merchants.utc_offset_minutes), so "today", a daily reset and the daily cap mean the same
 * day for the member, the jobs and the operator wherever the server runs.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The site-time calendar day of a moment, as 'YYYY-MM-DD'. */
export function localDayOf(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** The UTC moment a site-time day starts. */
export function dayStartUtc(day: string, offsetMinutes: number): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - offsetMinutes * MINUTE_MS);
}

/** The day after (or `days` after) a 'YYYY-MM-DD' day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday that starts the site-time week of a day (weeks run Monday to Sunday). */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The site-time hour (0-23) of a moment. */
export function localHourOf(at: Date, offsetMinutes: number): number {
  return new Date(at.getTime() + offsetMinutes * MINUTE_MS).getUTCHours();
}

import { useSiteClockStore } from '@/stores/site-clock-store';

/**
 * Spec section 9: every date picker (wallet history, betting records, agent reports) offers the
 * previous and next 7 and 30 days, as inclusive ranges of calendar days. The days are the
 * MERCHANT's (merchants.utc_offset_minutes, sent in permission info), as the server reads them:
 * a phone in Los Angeles at 20:00 on the 5th is already on the 6th for a UTC+6 merchant.
 */
export const DATE_PRESETS = ['previous7', 'previous30', 'next7', 'next30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** An inclusive range of calendar days, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The device's own offset, minutes east of UTC: only until permission info names the merchant's. */
export function deviceOffsetMinutes(at: Date = new Date()): number {
  const offset = -at.getTimezoneOffset();
  return offset === 0 ? 0 : offset;
}

/** The merchant's offset, minutes east of UTC (the device's until permission info has arrived). */
export function siteOffsetMinutes(): number {
  return useSiteClockStore.getState().utcOffsetMinutes ?? deviceOffsetMinutes();
}

/** The calendar day (YYYY-MM-DD) it is at `now` in a zone `offsetMinutes` east of UTC. */
export function dayAt(now: Date, offsetMinutes: number): string {
  return new Date(now.getTime() + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** Today in the merchant's time zone, YYYY-MM-DD: where every preset counts from. */
export function siteToday(now: Date = new Date()): string {
  return dayAt(now, siteOffsetMinutes());
}

/** True for a real YYYY-MM-DD day (not 2025-02-30, not 09/03/2025). */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The day `days` after (negative: before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant (ISO) a merchant day starts, for APIs that take instants: the wallet history's
 * `from` is the start of its first day, its exclusive `to` the start of the day after the last.
 * Null for anything that is not a day.
 */
export function dayStartInstant(day: string, offsetMinutes: number = siteOffsetMinutes()): string | null {
  if (!isDay(day)) return null;
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - offsetMinutes * MINUTE_MS).toISOString();
}

/** "Previous 7 days" is today and the 6 days before it; "next 7 days" is today and the 6 after. */
export function presetRange(preset: DatePreset, today: string = siteToday()): DayRange {
  switch (preset) {
    case 'previous7':
      return { from: addDays(today, -6), to: today };
    case 'previous30':
      return { from: addDays(today, -29), to: today };
    case 'next7':
      return { from: today, to: addDays(today, 6) };
    case 'next30':
      return { from: today, to: addDays(today, 29) };
  }
}

/** The preset a range equals on `today`, if any (to highlight the chosen chip). */
export function matchingPreset(range: DayRange, today: string = siteToday()): DatePreset | null {
  return (
    DATE_PRESETS.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

/** A reversed range is refused before any call is made. */
export function isRangeReversed(range: DayRange): boolean {
  return range.from > range.to;
}

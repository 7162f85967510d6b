import type { MissionPeriod } from '@kismat/contracts/missions';
import { addDays, dayStartUtc, localDayOf, weekStartOf } from '../rebates/index';

/*
 * Mission periods in site time: DAILY keys are the local day, WEEKLY keys the local Monday, a
 * one-off mission's key is 'ONCE' and an event's 'EVENT' (bounded by its window instead).
 */

export function periodKeyOf(period: MissionPeriod, at: Date, offsetMinutes: number): string {
  const day = localDayOf(at, offsetMinutes);
  if (period === 'DAILY') return day;
  if (period === 'WEEKLY') return weekStartOf(day);
  return period;
}

/** When a DAILY or WEEKLY period starts and ends (UTC); null for ONCE and EVENT. */
export function periodBounds(period: MissionPeriod, key: string, offsetMinutes: number): { start: Date; end: Date } | null {
  if (period === 'DAILY') return { start: dayStartUtc(key, offsetMinutes), end: dayStartUtc(addDays(key, 1), offsetMinutes) };
  if (period === 'WEEKLY') return { start: dayStartUtc(key, offsetMinutes), end: dayStartUtc(addDays(key, 7), offsetMinutes) };
  return null;
}

/** The key of the period before a DAILY or WEEKLY key. */
export function previousPeriodKey(period: 'DAILY' | 'WEEKLY', key: string): string {
  return addDays(key, period === 'DAILY' ? -1 : -7);
}

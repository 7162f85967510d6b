import { api } from '@/lib/api-client';
import { type DayRange, isRangeReversed } from '@/lib/date-presets';
import { useKeptQuery } from './kept-query';

/** GET `path` for the inclusive day range (startDate, endDate). */
export function getForDayRange<T>(path: string, range: DayRange): Promise<T> {
  return api.get<T>(path, { query: { startDate: range.from, endDate: range.to } });
}

/** A figure over a day range: the last answer stays on screen while the next loads; nothing is asked while the range is reversed. */
export function useDayRangeQuery<T>(queryKey: readonly unknown[], fetchRange: (range: DayRange) => Promise<T>, range: DayRange) {
  return useKeptQuery(queryKey, fetchRange, range, !isRangeReversed(range));
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DayRange, isRangeReversed } from '@/lib/date-presets';

/** GET `path` for the inclusive day range (startDate, endDate). */
export function getForDayRange<T>(path: string, range: DayRange): Promise<T> {
  return api.get<T>(path, { query: { startDate: range.from, endDate: range.to } });
}

/** A figure over a day range: the last answer stays on screen while the next loads; nothing is asked while the range is reversed. */
export function useDayRangeQuery<T>(queryKey: readonly unknown[], fetchRange: (range: DayRange) => Promise<T>, range: DayRange) {
  return useQuery({
    queryKey,
    queryFn: () => fetchRange(range),
    placeholderData: keepPreviousData,
    enabled: !isRangeReversed(range),
  });
}

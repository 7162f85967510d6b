import { MAX_RECORD_RANGE_DAYS } from '@kismat/contracts/betting-records';
import { type DatePreset, presetRange, siteToday } from '@/lib/date-presets';

/** The records API names its inclusive day range startDate / endDate. */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** A shared preset (lib/date-presets) in the records API's names; `today` is the merchant's day. */
export function recordRangeOf(preset: DatePreset, today: string = siteToday()): DateRange {
  const { from, to } = presetRange(preset, today);
  return { startDate: from, endDate: to };
}

/** The server refuses ranges above 92 days and reversed ranges; the form says so first. */
export function rangeProblem(range: DateRange): 'reversed' | 'tooLong' | null {
  const start = Date.parse(`${range.startDate}T00:00:00Z`);
  const end = Date.parse(`${range.endDate}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 'reversed';
  return (end - start) / 86_400_000 + 1 > MAX_RECORD_RANGE_DAYS ? 'tooLong' : null;
}

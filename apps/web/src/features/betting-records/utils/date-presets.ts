import { MAX_RECORD_RANGE_DAYS } from '@kismat/contracts/betting-records';

/** Spec section 9: the date picker presets are next/previous 7 and 30 days. */
export const DATE_PRESETS = ['previous7', 'previous30', 'next7', 'next30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** YYYY-MM-DD of a local calendar day. */
export function toDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** Inclusive ranges: "previous 7 days" is today and the 6 days before it. */
export function presetRange(preset: DatePreset, today: Date = new Date()): DateRange {
  switch (preset) {
    case 'previous7':
      return { startDate: toDay(addDays(today, -6)), endDate: toDay(today) };
    case 'previous30':
      return { startDate: toDay(addDays(today, -29)), endDate: toDay(today) };
    case 'next7':
      return { startDate: toDay(today), endDate: toDay(addDays(today, 6)) };
    case 'next30':
      return { startDate: toDay(today), endDate: toDay(addDays(today, 29)) };
  }
}

/** The server refuses ranges above 92 days and reversed ranges; the form says so first. */
export function rangeProblem(range: DateRange): 'reversed' | 'tooLong' | null {
  const start = Date.parse(`${range.startDate}T00:00:00Z`);
  const end = Date.parse(`${range.endDate}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return 'reversed';
  return (end - start) / 86_400_000 + 1 > MAX_RECORD_RANGE_DAYS ? 'tooLong' : null;
}

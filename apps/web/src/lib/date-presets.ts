/**
 * Spec section 9: every date picker (wallet history, betting records, agent reports) offers the
 * previous and next 7 and 30 days, as inclusive ranges of local calendar days.
 */
export const DATE_PRESETS = ['previous7', 'previous30', 'next7', 'next30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** An inclusive range of calendar days, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/** YYYY-MM-DD of a local calendar day. */
export function toDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The local day a YYYY-MM-DD names, or null for anything else. */
export function fromDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** "Previous 7 days" is today and the 6 days before it; "next 7 days" is today and the 6 after. */
export function presetRange(preset: DatePreset, today: Date = new Date()): DayRange {
  switch (preset) {
    case 'previous7':
      return { from: toDay(addDays(today, -6)), to: toDay(today) };
    case 'previous30':
      return { from: toDay(addDays(today, -29)), to: toDay(today) };
    case 'next7':
      return { from: toDay(today), to: toDay(addDays(today, 6)) };
    case 'next30':
      return { from: toDay(today), to: toDay(addDays(today, 29)) };
  }
}

/** The preset a range equals on `today`, if any (to highlight the chosen chip). */
export function matchingPreset(range: DayRange, today: Date = new Date()): DatePreset | null {
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

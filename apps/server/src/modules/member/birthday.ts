/** A birthday typed as yyyy-MM-dd or MM-dd-yyyy, as yyyy-MM-dd; null when it is not a real date. */
export function toIsoDate(value: string): string | null {
  let year: number;
  let month: number;
  let day: number;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const mdy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  if (ymd) [year, month, day] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else if (mdy) [year, month, day] = [Number(mdy[3]), Number(mdy[1]), Number(mdy[2])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Whether someone born on `isoDate` has had their `years`-th birthday on the merchant's local
 * date (a player in Dhaka turns 21 at midnight Dhaka time, not UTC). Born on 29 February:
 * the birthday counts from 1 March in common years.
 */
export function isAtLeastYearsOld(isoDate: string, years: number, now: Date, utcOffsetMinutes: number): boolean {
  const local = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const today = [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()] as const;
  const turnsYear = year + years;
  if (today[0] !== turnsYear) return today[0] > turnsYear;
  if (today[1] !== month) return today[1] > month;
  return today[2] >= day;
}

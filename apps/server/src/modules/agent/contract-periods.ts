import type { ContractPeriod } from '@kismat/contracts/agent';

/** One billing period: [start, end) in UTC, named by its local start (stable idempotency key). */
export interface PeriodBounds {
  key: string;
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A local wall-clock moment (fields read with getUTC*) back to the real UTC instant. */
function fromLocal(offsetMinutes: number, year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month, day, hour, minute) - offsetMinutes * MINUTE);
}

/**
 * The period of `type` that contains `at`, in the merchant's time zone (minutes east of UTC):
 * days start at local midnight, weeks on Monday, semimonthly periods on the 1st and the 16th.
 */
export function periodContaining(period: ContractPeriod, at: Date, offsetMinutes: number): PeriodBounds {
  const local = new Date(at.getTime() + offsetMinutes * MINUTE);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const day = local.getUTCDate();
  const dayKey = `${year}-${pad(month + 1)}-${pad(day)}`;
  switch (period) {
    case 'FIVE_MINUTES': {
      const minute = Math.floor(local.getUTCMinutes() / 5) * 5;
      const start = fromLocal(offsetMinutes, year, month, day, local.getUTCHours(), minute);
      return { key: `${dayKey}T${pad(local.getUTCHours())}:${pad(minute)}`, start, end: new Date(start.getTime() + 5 * MINUTE) };
    }
    case 'HOURLY': {
      const start = fromLocal(offsetMinutes, year, month, day, local.getUTCHours());
      return { key: `${dayKey}T${pad(local.getUTCHours())}`, start, end: new Date(start.getTime() + HOUR) };
    }
    case 'DAILY': {
      const start = fromLocal(offsetMinutes, year, month, day);
      return { key: dayKey, start, end: new Date(start.getTime() + DAY) };
    }
    case 'WEEKLY': {
      const sinceMonday = (local.getUTCDay() + 6) % 7;
      const start = fromLocal(offsetMinutes, year, month, day - sinceMonday);
      const startLocal = new Date(start.getTime() + offsetMinutes * MINUTE);
      const key = `${startLocal.getUTCFullYear()}-${pad(startLocal.getUTCMonth() + 1)}-${pad(startLocal.getUTCDate())}W`;
      return { key, start, end: new Date(start.getTime() + 7 * DAY) };
    }
    case 'SEMIMONTHLY': {
      const isFirstHalf = day <= 15;
      const start = fromLocal(offsetMinutes, year, month, isFirstHalf ? 1 : 16);
      const end = isFirstHalf ? fromLocal(offsetMinutes, year, month, 16) : fromLocal(offsetMinutes, year, month + 1, 1);
      return { key: `${year}-${pad(month + 1)}H${isFirstHalf ? 1 : 2}`, start, end };
    }
    case 'MONTHLY': {
      const start = fromLocal(offsetMinutes, year, month, 1);
      return { key: `${year}-${pad(month + 1)}M`, start, end: fromLocal(offsetMinutes, year, month + 1, 1) };
    }
  }
}

/** The newest period that has fully ended at `now` (the one a settlement run bills). */
export function lastEndedPeriod(period: ContractPeriod, now: Date, offsetMinutes: number): PeriodBounds {
  const current = periodContaining(period, now, offsetMinutes);
  return periodContaining(period, new Date(current.start.getTime() - 1), offsetMinutes);
}

/** The period just before `bounds`. */
export function previousPeriod(period: ContractPeriod, bounds: PeriodBounds, offsetMinutes: number): PeriodBounds {
  return periodContaining(period, new Date(bounds.start.getTime() - 1), offsetMinutes);
}

import { type DatePreset, MAX_REPORT_RANGE_DAYS } from '@kismat/contracts/agent';
import { AppError } from '../../platform/errors';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface ReportPeriod {
  startDate: string;
  endDate: string;
  from: Date;
  /** Exclusive. */
  to: Date;
}

function localDay(at: Date, offsetMinutes: number): Date {
  const local = new Date(at.getTime() + offsetMinutes * MINUTE);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
}

function dayText(day: Date): string {
  return day.toISOString().slice(0, 10);
}

function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY);
}

/** A preset, or inclusive local days, to UTC bounds in the merchant's time zone (TODAY by default). */
export function resolveReportPeriod(
  input: { preset?: DatePreset | undefined; startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
  offsetMinutes: number,
): ReportPeriod {
  const today = localDay(now, offsetMinutes);
  let first: Date;
  let last: Date;
  const preset = input.preset ?? (input.startDate || input.endDate ? undefined : 'TODAY');
  if (preset) {
    const sinceMonday = (today.getUTCDay() + 6) % 7;
    const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
    switch (preset) {
      case 'TODAY':
        [first, last] = [today, today];
        break;
      case 'YESTERDAY':
        [first, last] = [addDays(today, -1), addDays(today, -1)];
        break;
      case 'THIS_WEEK':
        [first, last] = [addDays(today, -sinceMonday), today];
        break;
      case 'LAST_WEEK':
        [first, last] = [addDays(today, -sinceMonday - 7), addDays(today, -sinceMonday - 1)];
        break;
      case 'THIS_MONTH':
        [first, last] = [monthStart, today];
        break;
      case 'LAST_MONTH':
        [first, last] = [new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)), addDays(monthStart, -1)];
        break;
      case 'LAST_7_DAYS':
        [first, last] = [addDays(today, -6), today];
        break;
      case 'LAST_30_DAYS':
        [first, last] = [addDays(today, -29), today];
        break;
    }
  } else {
    first = new Date(`${input.startDate ?? input.endDate}T00:00:00Z`);
    last = new Date(`${input.endDate ?? input.startDate}T00:00:00Z`);
    if (Number.isNaN(first.getTime()) || Number.isNaN(last.getTime()) || last < first) {
      throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'startDate', reason: 'invalid' }] } });
    }
    if ((last.getTime() - first.getTime()) / DAY + 1 > MAX_REPORT_RANGE_DAYS) {
      throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'endDate', reason: 'length' }] } });
    }
  }
  return {
    startDate: dayText(first),
    endDate: dayText(last),
    from: new Date(first.getTime() - offsetMinutes * MINUTE),
    to: new Date(addDays(last, 1).getTime() - offsetMinutes * MINUTE),
  };
}

export function presentReportPeriod(period: ReportPeriod) {
  return { startDate: period.startDate, endDate: period.endDate, from: period.from.toISOString(), to: period.to.toISOString() };
}

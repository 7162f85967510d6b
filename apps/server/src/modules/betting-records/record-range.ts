import { MAX_RECORD_RANGE_DAYS } from '@kismat/contracts/betting-records';
import { AppError } from '../../platform/errors';

const DAY_MS = 86_400_000;

/**
 * The instants bounding calendar days `startDate`..`endDate` (inclusive) in the merchant's
 * time zone: a member in Dhaka asking for "today" means Dhaka's day, not UTC's.
 */
export function recordRange(startDate: string, endDate: string, utcOffsetMinutes: number): { from: Date; to: Date } {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end))
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'startDate', message: 'not a date' }] } });
  if (end < start) throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'endDate', message: 'before startDate' }] } });
  if ((end - start) / DAY_MS + 1 > MAX_RECORD_RANGE_DAYS) {
    throw new AppError('VALIDATION_FAILED', {
      value: { fields: [{ field: 'endDate', message: `range above ${MAX_RECORD_RANGE_DAYS} days` }] },
    });
  }
  const offset = utcOffsetMinutes * 60_000;
  return { from: new Date(start - offset), to: new Date(end + DAY_MS - offset) };
}

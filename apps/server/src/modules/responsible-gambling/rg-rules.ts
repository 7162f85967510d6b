import {
  RG_PERIOD_HOURS,
  type RgLimitKind,
  type RgPeriod,
  type RgSelfExclusionDuration,
  type RgTimeOutDuration,
  rgUnitOf,
} from '@kismat/contracts/responsible-gambling';
import { formatAmount, tryParseAmount } from '@kismat/contracts/wallet';
import { AppError } from '../../platform/errors';

/*
 * The pure rules of responsible gambling: window lengths, exclusion ends, limit values and which
 * change is a loosening. No database here.
 */

export const HOUR_MS = 3_600_000;

export function periodMs(period: RgPeriod): number {
  return RG_PERIOD_HOURS[period] * HOUR_MS;
}

/** The start of the hour holding `at` (the bucket key). */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * The rolling window [now − period, now] over hourly buckets: a bucket counts while any part of
 * its hour is inside the window, so usage leaves the window at most one hour late (never early:
 * a limit is never looser than stated).
 */
export function windowStart(now: Date, period: RgPeriod): Date {
  return hourOf(new Date(now.getTime() - periodMs(period)));
}

const TIME_OUT_DAYS: Record<RgTimeOutDuration, number> = { '24H': 1, '7D': 7, '30D': 30, '42D': 42 };
const SELF_EXCLUSION_MONTHS: Record<Exclude<RgSelfExclusionDuration, 'PERMANENT'>, number> = { '6M': 6, '1Y': 12, '5Y': 60 };

/** When a time-out / self-exclusion taken at `now` ends (null: permanent). Months are calendar months (UTC). */
export function exclusionEnd(now: Date, duration: RgTimeOutDuration | RgSelfExclusionDuration): Date | null {
  if (duration === 'PERMANENT') return null;
  if (duration in TIME_OUT_DAYS) return new Date(now.getTime() + TIME_OUT_DAYS[duration as RgTimeOutDuration] * 24 * HOUR_MS);
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + SELF_EXCLUSION_MONTHS[duration as Exclude<RgSelfExclusionDuration, 'PERMANENT'>]);
  return end;
}

/** A limit value as typed: money to minor units, SESSION_TIME whole minutes; VALIDATION_FAILED otherwise. */
export function parseLimitValue(kind: RgLimitKind, input: string | number): bigint {
  if (rgUnitOf(kind) === 'MINUTES') {
    const text = String(input).trim();
    if (!/^\d{1,5}$/.test(text) || Number(text) < 1 || Number(text) > 43_200) {
      throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'value', reason: 'MINUTES' }] } });
    }
    return BigInt(text);
  }
  const parsed = tryParseAmount(input);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'value', reason: parsed.reason }] } });
  return parsed.value;
}

/** A value for the API: "1000.00" or minutes "90". */
export function formatLimitValue(kind: RgLimitKind, value: bigint): string {
  return rgUnitOf(kind) === 'MINUTES' ? value.toString() : formatAmount(value);
}

/** Usage in the limit's unit: minor units, or whole minutes (rounded down) of played seconds. */
export function usageInUnit(kind: RgLimitKind, used: bigint): bigint {
  return rgUnitOf(kind) === 'MINUTES' ? used / 60n : used;
}

/** What a limit counts in one bucket: deposited; staked − won; staked; played seconds. */
export interface UsageRow {
  hour: Date;
  deposited: bigint;
  staked: bigint;
  won: bigint;
  playedSeconds: bigint;
}

export function usageOfBucket(kind: RgLimitKind, row: UsageRow): bigint {
  switch (kind) {
    case 'DEPOSIT':
      return row.deposited;
    case 'LOSS':
      return row.staked - row.won;
    case 'WAGER':
      return row.staked;
    case 'SESSION_TIME':
      return row.playedSeconds;
  }
}

/** A limit's cap in the bucket unit (SESSION_TIME minutes → seconds). */
export function capOf(kind: RgLimitKind, value: bigint): bigint {
  return rgUnitOf(kind) === 'MINUTES' ? value * 60n : value;
}

/**
 * When enough usage has left the window for `needed` more to fit: walk the buckets oldest first
 * until the usage leaving covers the excess. Null: never (the amount alone is over the limit).
 */
export function resetTimeFor(kind: RgLimitKind, period: RgPeriod, rows: readonly UsageRow[], excess: bigint): Date | null {
  if (excess <= 0n) return null;
  let freed = 0n;
  for (const row of [...rows].sort((a, b) => a.hour.getTime() - b.hour.getTime())) {
    freed += usageOfBucket(kind, row);
    if (freed >= excess) return new Date(row.hour.getTime() + HOUR_MS + periodMs(period));
  }
  return null;
}

/** The oldest counted usage leaves the window then (null: nothing used). */
export function oldestResetOf(kind: RgLimitKind, period: RgPeriod, rows: readonly UsageRow[]): Date | null {
  const used = rows.filter((row) => usageOfBucket(kind, row) > 0n).sort((a, b) => a.hour.getTime() - b.hour.getTime());
  const first = used[0];
  return first ? new Date(first.hour.getTime() + HOUR_MS + periodMs(period)) : null;
}

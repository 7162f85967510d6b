import { RG_PERIOD_HOURS, rgUnitOf } from '@kismat/contracts/responsible-gambling';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { readAccountNames } from '../member/index';
import { capOf, formatLimitValue, HOUR_MS, hourOf, usageInUnit } from './rg-rules';

/**
 * The operator's report: every limit of the merchant whose usage in its rolling window is at or
 * above `threshold` % of it, fullest first. One statement (each limit's window summed over the
 * member's buckets), then the usernames through the member face.
 */
export async function listNearLimits(db: DbOrTx, input: { merchantId: number; threshold: number; page: number; size: number; now: Date }) {
  const day = hourOf(new Date(input.now.getTime() - RG_PERIOD_HOURS.DAY * HOUR_MS)).toISOString();
  const week = hourOf(new Date(input.now.getTime() - RG_PERIOD_HOURS.WEEK * HOUR_MS)).toISOString();
  const month = hourOf(new Date(input.now.getTime() - RG_PERIOD_HOURS.MONTH * HOUR_MS)).toISOString();
  const rows = rowsOf<{
    member_id: unknown;
    kind: string;
    period: string;
    value: unknown;
    used: unknown;
    percent: unknown;
    total: unknown;
  }>(
    await db.execute(sql`
      WITH usage AS (
        SELECT l.member_id, l.kind, l.period, l.value,
               GREATEST(coalesce((
                 SELECT sum(CASE l.kind WHEN 'DEPOSIT' THEN b.deposited WHEN 'LOSS' THEN b.staked - b.won
                                        WHEN 'WAGER' THEN b.staked ELSE b.played_seconds END)
                   FROM rg_usage_buckets b
                  WHERE b.member_id = l.member_id
                    AND b.hour >= CASE l.period WHEN 'DAY' THEN ${day}::timestamptz WHEN 'WEEK' THEN ${week}::timestamptz
                                                ELSE ${month}::timestamptz END), 0), 0) AS used
          FROM rg_limits l
         WHERE l.merchant_id = ${input.merchantId}),
      scored AS (
        SELECT *, (used * 100.0 / (CASE kind WHEN 'SESSION_TIME' THEN value * 60 ELSE value END)) AS percent FROM usage)
      SELECT member_id, kind, period, value, used, percent, count(*) OVER () AS total
        FROM scored WHERE percent >= ${input.threshold}
       ORDER BY percent DESC, member_id, kind, period
       LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`),
  );
  const names = await readAccountNames(db, [...new Set(rows.map((row) => toNumber(row.member_id)))]);
  return {
    total: rows[0] ? toNumber(rows[0].total) : 0,
    threshold: input.threshold,
    list: rows.map((row) => {
      const kind = row.kind as 'DEPOSIT' | 'LOSS' | 'WAGER' | 'SESSION_TIME';
      const value = toBigInt(row.value);
      const used = toBigInt(row.used);
      const percent = Math.min(100, Math.floor(Number(row.percent) * 100) / 100);
      return {
        memberId: toNumber(row.member_id),
        username: names.get(toNumber(row.member_id)) ?? '',
        kind,
        period: row.period as 'DAY' | 'WEEK' | 'MONTH',
        unit: rgUnitOf(kind),
        value: formatLimitValue(kind, value),
        used: formatLimitValue(kind, usageInUnit(kind, used)),
        usedPercent: percent,
        atLimit: used >= capOf(kind, value),
      };
    }),
  };
}

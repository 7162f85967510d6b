import { sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { reportFirstDeposits, reportHourly, reportMemberDays, reportWatermarks } from '../../db/schema/reports';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';
import { rowsOf } from '../../platform/sql-values';
import { HOURLY_COLUMNS, type HourRange, hourlyRowsSql, localHourSql, memberDaysSql, sourcesCte } from './hourly-rows-sql';
import { HOUR_MS, localHourFloor } from './local-time';

/*
 * The reports' fold (docs/reports.md): per merchant, the local hours from its watermark up to
 * the last hour that ended SETTLE_LAG_MS ago are derived from the base tables into report_hourly,
 * a few hours per transaction (keyset on the hour), and the watermark moves in the same
 * transaction. Each hour is DELETEd and re-INSERTed whole, so a fold is idempotent and a
 * re-derivation (rewindReportWatermark, then fold) gives exactly what the base tables say.
 *
 * Two runners (two nodes, a job and a manual catch-up): the watermark row is taken
 * FOR UPDATE SKIP LOCKED, so the second skips the merchant instead of deriving the same hours.
 * The lag covers transactions still open at the hour's end: their rows carry the time they began
 * (now() of the transaction), and no money transaction outlives the statement timeout.
 */

export const SETTLE_LAG_MS = 5 * 60_000;
/** Hours per transaction: short transactions, and a month of catch-up in ~120 steps. */
export const HOURS_PER_BATCH = 6;

export interface FoldResult {
  merchantId: number;
  hours: number;
  derivedUntil: Date | null;
  skipped: boolean;
}

async function merchantOffsets(db: DbOrTx, merchantId?: number): Promise<{ id: number; offset: number; createdAt: Date }[]> {
  const rows = await db
    .select({ id: merchants.id, offset: merchants.utcOffsetMinutes, createdAt: merchants.createdAt })
    .from(merchants)
    .where(merchantId === undefined ? sql`true` : sql`${merchants.id} = ${merchantId}`)
    .orderBy(merchants.id);
  return rows;
}

/**
 * Derives (replaces) the report rows of whole local hours [from, to) in the caller's transaction:
 * the hours' rows are deleted, then one statement reads the sources once and writes the hourly
 * rows, the member days (flags only ever turn on) and the first deposits (only ever earlier).
 */
export async function deriveReportHours(tx: Tx, range: HourRange): Promise<void> {
  const localFrom = localHourSql(sql`${range.from.toISOString()}::timestamptz`, range.offsetMinutes);
  const localTo = localHourSql(sql`${range.to.toISOString()}::timestamptz`, range.offsetMinutes);
  await tx.execute(sql`DELETE FROM ${reportHourly}
    WHERE merchant_id = ${range.merchantId} AND local_hour >= ${localFrom} AND local_hour < ${localTo}`);
  await tx.execute(sql`
    ${sourcesCte(range)},
    first_deposits AS (
      INSERT INTO ${reportFirstDeposits} (merchant_id, member_id, first_at)
      SELECT ${range.merchantId}, f.member_id, min(f.at) FROM f
       WHERE f.type = 'deposit' AND f.member_id IS NOT NULL GROUP BY f.member_id ORDER BY f.member_id
      ON CONFLICT (merchant_id, member_id) DO UPDATE SET first_at = least(${reportFirstDeposits.firstAt}, excluded.first_at)
      RETURNING 1),
    member_days AS (
      INSERT INTO ${reportMemberDays} (merchant_id, local_day, member_id, played, deposited)
      SELECT ${range.merchantId}, local_day, member_id, played, deposited FROM (${memberDaysSql(range)}) m ORDER BY local_day, member_id
      ON CONFLICT (merchant_id, local_day, member_id) DO UPDATE SET
        played = ${reportMemberDays.played} OR excluded.played, deposited = ${reportMemberDays.deposited} OR excluded.deposited
      RETURNING 1)
    INSERT INTO ${reportHourly} (merchant_id, ${sql.raw(HOURLY_COLUMNS)})
    SELECT ${range.merchantId}, ${sql.raw(HOURLY_COLUMNS)} FROM (${hourlyRowsSql(range)}) h`);
}

/** Folds one merchant up to `now - SETTLE_LAG_MS`, batch by batch; stops after maxBatches. */
export async function foldMerchantReports(
  db: Db,
  merchantId: number,
  now: Date,
  maxBatches = Number.POSITIVE_INFINITY,
): Promise<FoldResult> {
  const [merchant] = await merchantOffsets(db, merchantId);
  if (!merchant) return { merchantId, hours: 0, derivedUntil: null, skipped: true };
  const offset = merchant.offset;
  const until = localHourFloor(new Date(now.getTime() - SETTLE_LAG_MS), offset);
  await db
    .insert(reportWatermarks)
    .values({ merchantId, derivedUntil: localHourFloor(merchant.createdAt, offset) })
    .onConflictDoNothing();
  let hours = 0;
  let derivedUntil: Date | null = null;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    type Step = { skipped: true } | { done: Date } | { folded: number; to: Date };
    const step = await db.transaction(async (tx): Promise<Step> => {
      const locked = rowsOf<{ derived_until: Date | string }>(
        await tx.execute(sql`SELECT derived_until FROM ${reportWatermarks} WHERE merchant_id = ${merchantId} FOR UPDATE SKIP LOCKED`),
      );
      if (locked.length === 0) return { skipped: true };
      const from = new Date(locked[0]?.derived_until ?? 0);
      if (from.getTime() >= until.getTime()) return { done: from };
      const to = new Date(Math.min(from.getTime() + HOURS_PER_BATCH * HOUR_MS, until.getTime()));
      await deriveReportHours(tx, { merchantId, offsetMinutes: offset, from, to });
      await tx
        .update(reportWatermarks)
        .set({ derivedUntil: to, updatedAt: now })
        .where(sql`${reportWatermarks.merchantId} = ${merchantId}`);
      return { folded: Math.round((to.getTime() - from.getTime()) / HOUR_MS), to };
    });
    if ('skipped' in step) return { merchantId, hours, derivedUntil, skipped: true };
    if ('done' in step) return { merchantId, hours, derivedUntil: step.done, skipped: false };
    hours += step.folded;
    derivedUntil = step.to;
  }
  return { merchantId, hours, derivedUntil, skipped: false };
}

/** Folds every merchant (the scheduled job). */
export async function foldReports(db: Db, now: Date): Promise<FoldResult[]> {
  const results: FoldResult[] = [];
  for (const merchant of await merchantOffsets(db)) results.push(await foldMerchantReports(db, merchant.id, now));
  return results;
}

/**
 * The catch-up: moves a merchant's watermark back to the local hour of `from`, so the next fold
 * re-derives every hour since exactly (after a late correction, an offset change, a bug fix).
 */
export async function rewindReportWatermark(db: DbOrTx, merchantId: number, from: Date): Promise<Date> {
  const [merchant] = await merchantOffsets(db, merchantId);
  const at = localHourFloor(from, merchant?.offset ?? 0);
  await db
    .insert(reportWatermarks)
    .values({ merchantId, derivedUntil: at })
    .onConflictDoUpdate({
      target: reportWatermarks.merchantId,
      set: { derivedUntil: sql`least(${reportWatermarks.derivedUntil}, excluded.derived_until)` },
    });
  return at;
}

/** Every 5 minutes: folds the hours that ended (each period claimed by one node; the row lock guards the rest). */
export function foldReportsJob(db: Db): ScheduledJob {
  return { name: 'reports-fold', everyMs: 5 * 60_000, run: async (now) => void (await foldReports(db, now)) };
}

import { sql } from 'drizzle-orm';
import { reportHourly, reportMemberDays, reportWatermarks } from '../../db/schema/reports';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toBigInt } from '../../platform/sql-values';
import { HOURLY_COLUMNS, hourlyRowsSql, localHourSql, memberDaysSql, sourcesCte } from './hourly-rows-sql';

/*
 * The one read behind every report: the folded hours of [from, to) from report_hourly plus the
 * hours after the watermark derived live from the base tables (the same SQL as the fold; an
 * index-only range read), grouped by bucket. Distinct members come from report_member_days plus
 * the live hours' members.
 */

export type Bucket = 'hour' | 'day' | 'week' | 'month';

/** The figures every report row carries and every report adds up. */
export interface ReportSums {
  rounds: bigint;
  bets: bigint;
  wins: bigint;
  depositCount: bigint;
  deposits: bigint;
  firstDepositCount: bigint;
  withdrawalCount: bigint;
  withdrawals: bigint;
  bonuses: bigint;
  commissions: bigint;
  newMembers: bigint;
}

export interface ReportRow extends ReportSums {
  period: string;
  gameType: string;
  vendorId: number;
  gameId: number;
  channel: string;
}

export interface MemberCounts {
  active: number;
  depositing: number;
}

export interface ReportRows {
  derivedUntil: Date | null;
  rows: ReportRow[];
  /** Distinct members per period, and over the whole range under the key ''. */
  members: Map<string, MemberCounts>;
}

const SUMMED = [
  'rounds',
  'bets',
  'wins',
  'deposit_count',
  'deposits',
  'first_deposit_count',
  'withdrawal_count',
  'withdrawals',
  'bonuses',
  'commissions',
  'new_members',
] as const;

function periodSql(column: string, bucket: Bucket) {
  if (bucket === 'hour') return sql.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24')`);
  return sql.raw(`to_char(date_trunc('${bucket}', ${column}), 'YYYY-MM-DD')`);
}

export async function readReportRows(
  db: DbOrTx,
  input: { merchantId: number; offsetMinutes: number; from: Date; to: Date; bucket: Bucket; now: Date },
): Promise<ReportRows> {
  const { merchantId, offsetMinutes, from, bucket } = input;
  const to = new Date(Math.min(input.to.getTime(), Math.max(input.now.getTime(), from.getTime())));
  const [mark] = rowsOf<{ derived_until: Date | string }>(
    await db.execute(sql`SELECT derived_until FROM ${reportWatermarks} WHERE merchant_id = ${merchantId}`),
  );
  const derivedUntil = mark ? new Date(mark.derived_until) : null;
  const split = new Date(Math.min(Math.max(derivedUntil?.getTime() ?? from.getTime(), from.getTime()), to.getTime()));
  const local = (at: Date) => localHourSql(sql`${at.toISOString()}::timestamptz`, offsetMinutes);
  const live = split < to ? { merchantId, offsetMinutes, from: split, to } : null;
  const liveHours = live ? sql`UNION ALL SELECT ${sql.raw(HOURLY_COLUMNS)} FROM (${sourcesCte(live)} ${hourlyRowsSql(live)}) l` : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT ${periodSql('local_hour', bucket)} AS period, game_type, vendor_id, game_id, channel,
             ${sql.raw(SUMMED.map((column) => `sum(${column})::text AS ${column}`).join(', '))}
        FROM (SELECT ${sql.raw(HOURLY_COLUMNS)} FROM ${reportHourly}
               WHERE merchant_id = ${merchantId} AND local_hour >= ${local(from)} AND local_hour < ${local(split)}
              ${liveHours}) h
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`),
  );
  const dayFrom = sql`(${local(from)})::date`;
  const dayTo = sql`(${local(to)} - interval '1 microsecond')::date`;
  const liveMembers = live
    ? sql`UNION ALL SELECT local_day, member_id, played, deposited FROM (${sourcesCte(live)} ${memberDaysSql(live)}) l`
    : sql``;
  const memberPeriod = bucket === 'hour' ? sql.raw(`to_char(local_day, 'YYYY-MM-DD')`) : periodSql('local_day', bucket);
  // Distinct members by hashing (member per period, then member over the range), not count(DISTINCT), which sorts.
  const memberRows = rowsOf<{ period: string | null; active: string | number; depositing: string | number }>(
    await db.execute(sql`
      WITH d AS MATERIALIZED (
        SELECT ${memberPeriod} AS period, member_id, played, deposited
          FROM (SELECT local_day, member_id, played, deposited FROM ${reportMemberDays}
                 WHERE merchant_id = ${merchantId} AND local_day >= ${dayFrom} AND local_day <= ${dayTo}
                ${liveMembers}) x),
      per_period AS (SELECT period, member_id, bool_or(played) AS played, bool_or(deposited) AS deposited FROM d GROUP BY period, member_id),
      whole AS (SELECT member_id, bool_or(played) AS played, bool_or(deposited) AS deposited FROM d GROUP BY member_id)
      SELECT period, count(*) FILTER (WHERE played) AS active, count(*) FILTER (WHERE deposited) AS depositing FROM per_period GROUP BY period
      UNION ALL
      SELECT NULL, count(*) FILTER (WHERE played), count(*) FILTER (WHERE deposited) FROM whole`),
  );
  const members = new Map<string, MemberCounts>();
  for (const row of memberRows) members.set(row.period ?? '', { active: Number(row.active), depositing: Number(row.depositing) });
  return {
    derivedUntil,
    members,
    rows: rows.map((row) => ({
      period: String(row.period),
      gameType: String(row.game_type),
      vendorId: Number(row.vendor_id),
      gameId: Number(row.game_id),
      channel: String(row.channel),
      rounds: toBigInt(row.rounds),
      bets: toBigInt(row.bets),
      wins: toBigInt(row.wins),
      depositCount: toBigInt(row.deposit_count),
      deposits: toBigInt(row.deposits),
      firstDepositCount: toBigInt(row.first_deposit_count),
      withdrawalCount: toBigInt(row.withdrawal_count),
      withdrawals: toBigInt(row.withdrawals),
      bonuses: toBigInt(row.bonuses),
      commissions: toBigInt(row.commissions),
      newMembers: toBigInt(row.new_members),
    })),
  };
}

import type { RebateCategory } from '@kismat/contracts/rebates';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { jsonRows } from './sql-rows';

/** Lock space of the per-member claim lock (pg_advisory_xact_lock(space, member)): manual claims and the daily job pay one at a time. */
export const REBATE_LOCK_SPACE = 1_501;

export interface PendingAccrual {
  id: number;
  memberId: number;
  day: string;
  category: RebateCategory;
  pending: bigint;
}

/** Serialises every payment of these members' rebate (lock order: member id, so two payers never deadlock). */
export async function lockMembersForRebate(tx: Tx, memberIds: readonly number[]): Promise<void> {
  const sorted = [...new Set(memberIds)].sort((a, b) => a - b);
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${REBATE_LOCK_SPACE}, m::int) FROM unnest(${`{${sorted.join(',')}}`}::bigint[]) AS m ORDER BY m`,
  );
}

/**
 * The pending accrual rows of these members, locked in (member, day, category) order: the
 * order the fact engine's upsert writes them, so a claim and a batch never deadlock.
 */
export async function lockPendingAccruals(tx: Tx, memberIds: readonly number[], beforeDay?: string): Promise<PendingAccrual[]> {
  const rows = rowsOf<{ id: unknown; member_id: unknown; day: unknown; category: RebateCategory; pending: unknown }>(
    await tx.execute(sql`
      SELECT id, member_id, day::text AS day, category, accrued - claimed AS pending
        FROM rebate_accruals
       WHERE member_id = ANY(${`{${memberIds.join(',')}}`}::bigint[]) AND accrued > claimed
         ${beforeDay ? sql`AND day < ${beforeDay}::date` : sql``}
       ORDER BY member_id, day, category
         FOR UPDATE`),
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    memberId: toNumber(row.member_id),
    day: String(row.day),
    category: row.category,
    pending: toBigInt(row.pending),
  }));
}

export interface Allocation {
  takes: { id: number; take: bigint }[];
  breakdown: Record<string, bigint>;
  paid: bigint;
}

/** Spreads a payment over pending rows in order (oldest day first); what is left stays pending. */
export function allocate(rows: readonly PendingAccrual[], budget: bigint): Allocation {
  const takes: { id: number; take: bigint }[] = [];
  const breakdown: Record<string, bigint> = {};
  let left = budget;
  for (const row of rows) {
    if (left <= 0n) break;
    const take = minOf(row.pending, left);
    takes.push({ id: row.id, take });
    breakdown[row.category] = (breakdown[row.category] ?? 0n) + take;
    left -= take;
  }
  return { takes, breakdown, paid: budget - left };
}

/** Marks the allocated parts claimed, in one statement. */
export async function markClaimed(tx: Tx, takes: readonly { id: number; take: bigint }[]): Promise<void> {
  if (takes.length === 0) return;
  await tx.execute(sql`
    UPDATE rebate_accruals a SET claimed = a.claimed + t.take, updated_at = now()
      FROM jsonb_to_recordset(${jsonRows(takes)}) AS t(id bigint, take bigint)
     WHERE a.id = t.id`);
}

/** What these members were paid on a site-time day (their daily cap's use), by member. */
export async function paidOnDay(tx: DbOrTx, memberIds: readonly number[], day: string): Promise<Map<number, bigint>> {
  const rows = rowsOf<{ member_id: unknown; paid: unknown }>(
    await tx.execute(sql`
      SELECT member_id, sum(amount) AS paid FROM rebate_claims
       WHERE member_id = ANY(${`{${memberIds.join(',')}}`}::bigint[]) AND claim_day = ${day}::date
       GROUP BY member_id`),
  );
  return new Map(rows.map((row) => [toNumber(row.member_id), toBigInt(row.paid)]));
}

/** Breakdown as stored (minor units as strings). */
export function storedBreakdown(breakdown: Record<string, bigint>): Record<string, string> {
  return Object.fromEntries(Object.entries(breakdown).map(([category, amount]) => [category, amount.toString()]));
}

/** The smaller of two amounts (Math.min does not take bigints). */
export function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

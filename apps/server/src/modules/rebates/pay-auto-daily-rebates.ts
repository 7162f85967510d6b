import { sql } from 'drizzle-orm';
import { rebateClaims } from '../../db/schema/rebates';
import type { Db } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { payRebate } from './claim-rebate';
import type { LoyaltyPorts } from './ports';
import { allocate, lockMembersForRebate, lockPendingAccruals, markClaimed, minOf, paidOnDay, storedBreakdown } from './rebate-allocation';
import { readDailyCap, readMemberLevels } from './rebate-config';
import { localDayOf, localHourOf } from './site-time';

/** Members paid per transaction: a bounded batch, so 1M members are 2,000 short transactions, not one long one or a million. */
export const AUTO_REBATE_BATCH = 500;

export interface AutoRebateResult {
  merchants: number;
  members: number;
  claims: number;
}

/**
 * The automatic daily rebate: for each merchant that turned it on and whose site-time hour has
 * reached the configured one, pays every member's pending rebate of the days before today, one
 * claim per (member, paying day, accrual day), keyed 'auto:<today>:<day>' so a second run (another
 * node, a retry after a crash) finds the day paid and pays nothing; what a daily cap held back is
 * paid the next day. Batches of members, each its own
 * transaction, taking the same per-member lock as manual claims.
 */
export async function payAutoDailyRebates(db: Db, ports: LoyaltyPorts, now: Date): Promise<AutoRebateResult> {
  const merchants = rowsOf<{ id: unknown; currency: string; utc_offset_minutes: unknown; auto_daily_hour: unknown }>(
    await db.execute(sql`
      SELECT m.id, m.currency, m.utc_offset_minutes, s.auto_daily_hour
        FROM rebate_settings s JOIN merchants m ON m.id = s.merchant_id
       WHERE s.is_auto_daily_on`),
  );
  const result: AutoRebateResult = { merchants: 0, members: 0, claims: 0 };
  for (const merchant of merchants) {
    const offsetMinutes = toNumber(merchant.utc_offset_minutes);
    if (localHourOf(now, offsetMinutes) < toNumber(merchant.auto_daily_hour)) continue;
    result.merchants += 1;
    const context = {
      merchantId: toNumber(merchant.id),
      currency: merchant.currency,
      offsetMinutes,
      today: localDayOf(now, offsetMinutes),
      now,
    };
    let afterMember = 0;
    // Keyset over member ids; each pass is bounded, and the loop ends when no member is left.
    for (;;) {
      const batch = await nextMembers(db, context.merchantId, context.today, afterMember);
      if (batch.length === 0) break;
      result.claims += await payBatch(db, ports, context, batch);
      result.members += batch.length;
      afterMember = batch[batch.length - 1] as number;
    }
  }
  return result;
}

async function nextMembers(db: Db, merchantId: number, today: string, afterMember: number): Promise<number[]> {
  const rows = rowsOf<{ member_id: unknown }>(
    await db.execute(sql`
      SELECT DISTINCT member_id FROM rebate_accruals
       WHERE merchant_id = ${merchantId} AND day < ${today}::date AND accrued > claimed AND member_id > ${afterMember}
       ORDER BY member_id LIMIT ${AUTO_REBATE_BATCH}`),
  );
  return rows.map((row) => toNumber(row.member_id));
}

interface BatchContext {
  merchantId: number;
  currency: string;
  offsetMinutes: number;
  today: string;
  now: Date;
}

async function payBatch(db: Db, ports: LoyaltyPorts, context: BatchContext, memberIds: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    await lockMembersForRebate(tx, memberIds);
    const rows = await lockPendingAccruals(tx, memberIds, context.today);
    const levels = await readMemberLevels(tx, ports, context.merchantId, memberIds);
    const caps = new Map<number, bigint | null>();
    const paid = await paidOnDay(tx, memberIds, context.today);
    let claims = 0;
    for (const memberId of memberIds) {
      const rank = levels.get(memberId)?.rank ?? 0;
      if (!caps.has(rank)) caps.set(rank, await readDailyCap(tx, context.merchantId, rank));
      const cap = caps.get(rank) ?? null;
      const memberRows = rows.filter((row) => row.memberId === memberId);
      for (const day of [...new Set(memberRows.map((row) => row.day))]) {
        const dayRows = memberRows.filter((row) => row.day === day);
        const pending = dayRows.reduce((sum, row) => sum + row.pending, 0n);
        const paidToday = paid.get(memberId) ?? 0n;
        const budget = cap === null ? pending : minOf(pending, cap - paidToday);
        if (budget <= 0n) break;
        const allocation = allocate(dayRows, budget);
        const [claim] = await tx
          .insert(rebateClaims)
          .values({
            merchantId: context.merchantId,
            memberId,
            kind: 'AUTO',
            claimDay: context.today,
            amount: allocation.paid,
            breakdown: storedBreakdown(allocation.breakdown),
            requestKey: `auto:${context.today}:${day}`,
            paidAt: context.now,
          })
          .onConflictDoNothing()
          .returning();
        // The day was paid by an earlier run: its rows were claimed then, nothing moves now.
        if (!claim) continue;
        await markClaimed(tx, allocation.takes);
        await payRebate(tx, ports, { ...context, memberId, claimId: claim.id, amount: allocation.paid, kind: 'AUTO' });
        paid.set(memberId, paidToday + allocation.paid);
        claims += 1;
      }
    }
    return claims;
  });
}

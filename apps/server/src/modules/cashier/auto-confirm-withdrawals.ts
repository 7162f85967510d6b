import { and, eq, lte, sql } from 'drizzle-orm';
import { withdrawalRequests } from '../../db/schema/cashier';
import type { Db } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';

/**
 * Payouts nobody answered count as received once their deadline passed (the spec's forced
 * receipt, never refunded). One statement, so overlapping runs cannot confirm twice.
 */
export async function autoConfirmWithdrawals(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(withdrawalRequests)
    .set({ confirmation: 'auto_received', receivedAmount: sql`${withdrawalRequests.amount}`, confirmedAt: now })
    .where(and(eq(withdrawalRequests.confirmation, 'awaiting'), lte(withdrawalRequests.confirmDeadline, now)))
    .returning({ id: withdrawalRequests.id });
  return rows.length;
}

export function autoConfirmWithdrawalsJob(db: Db): ScheduledJob {
  return { name: 'withdrawal-auto-confirm', everyMs: 60_000, run: async (now) => void (await autoConfirmWithdrawals(db, now)) };
}

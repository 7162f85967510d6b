import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { Db, DbOrTx } from '../../platform/db';
import type { ScheduledJob } from '../../platform/scheduler';

export const EXPIRED_BY = 'system:expiry';

/**
 * Closes online (gateway) orders nobody paid before their deadline: `expired`, nothing credited,
 * the channel free for a new order. Before this an abandoned order stayed pending forever and sat
 * in the back-office queue like a deposit to approve (issue 12 item 3). One statement, so
 * overlapping runs (two nodes, a member's own create racing the job) close an order once; and a
 * signed `paid` that took the row lock first wins, because the update re-checks `pending` after
 * the lock. A provider that still pays later is credited as "paid after expiry"
 * (handle-gateway-callback.ts). `scope` closes one member's overdue order on one channel only.
 */
export async function expireOnlineDeposits(db: DbOrTx, now: Date, scope?: { memberId: number; channelId: number }): Promise<number> {
  const rows = await db
    .update(depositRequests)
    .set({ status: 'expired', reviewedBy: EXPIRED_BY, resolvedAt: now })
    .where(
      and(
        eq(depositRequests.status, 'pending'),
        isNotNull(depositRequests.expiresAt),
        lte(depositRequests.expiresAt, now),
        scope ? eq(depositRequests.memberId, scope.memberId) : undefined,
        scope ? eq(depositRequests.channelId, scope.channelId) : undefined,
      ),
    )
    .returning({ id: depositRequests.id });
  return rows.length;
}

export function expireOnlineDepositsJob(db: Db): ScheduledJob {
  return { name: 'deposit-online-expiry', everyMs: 60_000, run: async (now) => void (await expireOnlineDeposits(db, now)) };
}

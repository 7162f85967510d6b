import type { NotificationKind, NotificationValue } from '@kismat/contracts/cashier';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { memberNotifications } from '../../db/schema/cashier';
import type { Db, DbOrTx } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { getMemberBalances } from '../wallet/index';

export type NotificationRow = typeof memberNotifications.$inferSelect;

export function presentNotification(row: NotificationRow): NotificationValue {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    amount: formatAmount(row.amount),
    referenceId: row.referenceId,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Writes the inbox row inside the caller's transaction. One row per (member, kind, reference):
 * a replayed approval returns null and so pushes nothing twice.
 */
export async function recordNotification(
  tx: DbOrTx,
  input: { merchantId: number; memberId: number; kind: NotificationKind; amount: bigint; referenceId: number; now: Date },
): Promise<NotificationRow | null> {
  const [row] = await tx
    .insert(memberNotifications)
    .values({ ...input, createdAt: input.now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Pushes a committed notification with the member's new balance to their open sockets. */
export async function pushNotification(db: Db, realtime: RealtimeHub, row: NotificationRow | null): Promise<void> {
  if (!row) return;
  const balances = await getMemberBalances(db, { merchantId: row.merchantId, memberId: row.memberId });
  await realtime.publish({
    merchantId: row.merchantId,
    memberId: row.memberId,
    message: { type: 'notification', notification: presentNotification(row), balance: formatAmount(balances.available) },
  });
}

/** Marks the given notifications (or all) of a member read. */
export async function markNotificationsRead(db: Db, memberId: number, ids: readonly number[] | undefined, now: Date): Promise<void> {
  await db
    .update(memberNotifications)
    .set({ readAt: now })
    .where(
      and(
        eq(memberNotifications.memberId, memberId),
        isNull(memberNotifications.readAt),
        ids ? inArray(memberNotifications.id, [...ids]) : undefined,
      ),
    );
}

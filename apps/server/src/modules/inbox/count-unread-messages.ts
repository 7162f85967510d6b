import { and, count, eq, isNull } from 'drizzle-orm';
import { memberNotifications } from '../../db/schema/inbox';
import type { DbOrTx } from '../../platform/db';

/** The member's inbox messages not read yet (member_notifications without readAt): customer service and member info show the count. */
export async function countUnreadMessages(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(memberNotifications)
    .where(and(eq(memberNotifications.memberId, memberId), isNull(memberNotifications.readAt)));
  return Number(row?.count ?? 0);
}

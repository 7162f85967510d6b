import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { memberNotifications } from '../../db/schema/inbox';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { countUnreadMessages } from './count-unread-messages';
import type { NotificationRow } from './send-inbox-message';

/*
 * The member's inbox page: a page of messages (unread first, then newest first), opening one
 * (marks it read) and deleting one or every read one. Every statement is scoped to the member's
 * own rows: another member's id is NOT_FOUND and changes nothing. Messages carry no free text
 * (kind, amount, reference); the site renders them from its own texts as plain text.
 */

export async function listNotificationsPage(
  db: DbOrTx,
  memberId: number,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const mine = eq(memberNotifications.memberId, memberId);
  const rows = await db
    .select()
    .from(memberNotifications)
    .where(mine)
    // Unread first (readAt null sorts first), then newest; id breaks ties within one instant.
    .orderBy(sql`${memberNotifications.readAt} is null desc`, desc(memberNotifications.createdAt), desc(memberNotifications.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [counts] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${memberNotifications.readAt} is null)::int` })
    .from(memberNotifications)
    .where(mine);
  return { rows, total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) };
}

/**
 * Opens one message: the first open stamps readAt (a conditional update, so parallel opens
 * stamp it once and the unread count drops by exactly one); later opens leave it as it is.
 */
export async function openNotification(db: Db, memberId: number, id: number, now: Date): Promise<{ row: NotificationRow; unread: number }> {
  const mine = and(eq(memberNotifications.id, id), eq(memberNotifications.memberId, memberId));
  const [stamped] = await db
    .update(memberNotifications)
    .set({ readAt: now })
    .where(and(mine, isNull(memberNotifications.readAt)))
    .returning();
  const row = stamped ?? (await db.select().from(memberNotifications).where(mine))[0];
  if (!row) throw new AppError('NOT_FOUND');
  return { row, unread: await countUnreadMessages(db, memberId) };
}

/** Deletes one of the member's messages, read or not. */
export async function deleteNotification(db: Db, memberId: number, id: number): Promise<{ deleted: number; unread: number }> {
  const deleted = await db
    .delete(memberNotifications)
    .where(and(eq(memberNotifications.id, id), eq(memberNotifications.memberId, memberId)))
    .returning({ id: memberNotifications.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
  return { deleted: deleted.length, unread: await countUnreadMessages(db, memberId) };
}

/** Deletes every message the member has read; unread ones stay. */
export async function deleteReadNotifications(db: Db, memberId: number): Promise<{ deleted: number; unread: number }> {
  const deleted = await db
    .delete(memberNotifications)
    .where(and(eq(memberNotifications.memberId, memberId), isNotNull(memberNotifications.readAt)))
    .returning({ id: memberNotifications.id });
  return { deleted: deleted.length, unread: await countUnreadMessages(db, memberId) };
}

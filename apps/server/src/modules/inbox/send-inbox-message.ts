import type { NotificationKind, NotificationValue } from '@kismat/contracts/inbox';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type InboxContent, memberNotifications } from '../../db/schema/inbox';
import { columnsEqual } from '../../platform/columns-equal';
import type { Db, DbOrTx } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { getMemberBalances } from '../wallet/index';

export type NotificationRow = typeof memberNotifications.$inferSelect;

/** The kinds whose push carries the member's balance after the event (the wallet shows it at once). */
const MONEY_KINDS: ReadonlySet<string> = new Set([
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_rejected',
  'balance_adjusted',
  'bonus_awarded',
  'redemption_approved',
]);

/**
 * A row as the member reads it. An operator message's content comes from its campaign in the
 * member's language (BN when that language has none); it was sanitised when the campaign was
 * saved, and the title is plain text.
 */
export function presentNotification(row: NotificationRow, content?: InboxContent | null): NotificationValue {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    amount: formatAmount(row.amount),
    referenceId: row.referenceId,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    reason: row.reason,
    title: content?.title ?? row.title,
    body: row.body,
    html: content?.html ?? null,
  };
}

export interface SendInboxMessageInput {
  merchantId: number;
  memberId: number;
  kind: NotificationKind;
  /** The event's own id: with kind, at most one message per member (a replay sends nothing). */
  referenceId: number;
  now: Date;
  /** Minor units, for money events; 0 when absent. */
  amount?: bigint;
  /** Why (a rejection's reason): plain text. */
  reason?: string | null;
  /** Plain text; never HTML (the site escapes it). */
  title?: string | null;
  body?: string | null;
}

/**
 * Writes the inbox row inside the caller's transaction. One row per (member, kind, reference):
 * a replayed approval returns null and so pushes nothing twice. Call pushInboxMessage with the
 * result after the transaction committed.
 */
export async function sendInboxMessage(tx: DbOrTx, input: SendInboxMessageInput): Promise<NotificationRow | null> {
  const [row] = await tx
    .insert(memberNotifications)
    .values({
      merchantId: input.merchantId,
      memberId: input.memberId,
      kind: input.kind,
      referenceId: input.referenceId,
      amount: input.amount ?? 0n,
      reason: input.reason?.slice(0, 500) ?? null,
      title: input.title?.slice(0, 200) ?? null,
      body: input.body?.slice(0, 4000) ?? null,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Pushes a committed message (with the member's new balance after a money event) to their open sockets. */
export async function pushInboxMessage(db: Db, realtime: RealtimeHub, row: NotificationRow | null): Promise<void> {
  if (!row) return;
  const balance = MONEY_KINDS.has(row.kind)
    ? formatAmount((await getMemberBalances(db, { merchantId: row.merchantId, memberId: row.memberId })).available)
    : undefined;
  await realtime.publish({
    merchantId: row.merchantId,
    memberId: row.memberId,
    message: { type: 'notification', notification: presentNotification(row), ...(balance === undefined ? {} : { balance }) },
  });
}

/**
 * Pushes the committed message of one event (member, kind, event id) when the operation that wrote
 * it had no realtime handle inside its transaction: the route pushes after commit. Nothing written
 * (a replay, or no message for this event): nothing pushed.
 */
export async function pushInboxEvent(
  db: Db,
  realtime: RealtimeHub,
  event: { memberId: number; kind: NotificationKind; referenceId: number },
): Promise<void> {
  const [row] = await db
    .select()
    .from(memberNotifications)
    .where(columnsEqual(memberNotifications, { memberId: event.memberId, kind: event.kind, referenceId: event.referenceId }))
    .limit(1);
  await pushInboxMessage(db, realtime, row ?? null);
}

/** Marks the given messages (or all) of a member read. */
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

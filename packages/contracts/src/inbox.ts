import { z } from 'zod';
import { envelopeOf } from './envelope';
import { recordId } from './ids';
import { amountOutput } from './wallet';

/**
 * The member inbox (messageV2, the agent centre's platform messages): system messages on the
 * events a member cares about, answers to their feedback and offline chat, and operator messages.
 * The member calls keep their cashier paths (CASHIER_PATHS.notifications...), the shapes live here.
 */
export const INBOX_KINDS = [
  // Cashier events (amount).
  'deposit_credited',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  // An operator's manual adjustment (signed amount).
  'balance_adjusted',
  // System events; `reason` says why where there is one (a rejected deposit is deposit_failed,
  // a paid withdrawal withdrawal_approved, each with the reviewer's note as the reason).
  'bonus_awarded',
  'redemption_approved',
  'redemption_rejected',
  'limits_changed',
  // Answers (plain-text `body`).
  'feedback_answered',
  'chat_answered',
  // An operator message (title and sanitised HTML in the member's language).
  'operator_message',
] as const;
export type NotificationKind = (typeof INBOX_KINDS)[number];
/** The kinds the member reads in the site's own words (no free text from an operator). */
export const NOTIFICATION_KINDS = INBOX_KINDS;

export const notificationValue = z.object({
  id: z.number(),
  kind: z.enum(INBOX_KINDS),
  /** "0.00" for kinds without an amount. */
  amount: amountOutput,
  referenceId: z.number(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /** Why (a rejection's reason, the new limit): plain text, the site shows it escaped. */
  reason: z.string().nullable().optional(),
  /** An operator message's title or an answer's heading: plain text. */
  title: z.string().nullable().optional(),
  /** An answer (feedback, chat): plain text, shown escaped. */
  body: z.string().nullable().optional(),
  /** An operator message's body: HTML already passed through the server's allow-list sanitiser. */
  html: z.string().nullable().optional(),
});
export type NotificationValue = z.infer<typeof notificationValue>;

/** The inbox page: unread first, then newest first; pageSize at most 50 (20 when not given). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;
export const notificationsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_PAGE_SIZE).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuery>;
export const notificationsValue = z.object({
  items: z.array(notificationValue),
  unread: z.number(),
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
});
export type NotificationsValue = z.infer<typeof notificationsValue>;
export const notificationsResponse = envelopeOf(notificationsValue);
/** One message opened (now read) and the member's unread count after it. */
export const openNotificationValue = z.object({ notification: notificationValue, unread: z.number() });
export type OpenNotificationValue = z.infer<typeof openNotificationValue>;
export const openNotificationResponse = envelopeOf(openNotificationValue);
/** How many messages a delete removed and the unread count after it. */
export const deleteNotificationsValue = z.object({ deleted: z.number(), unread: z.number() });
export type DeleteNotificationsValue = z.infer<typeof deleteNotificationsValue>;
export const deleteNotificationsResponse = envelopeOf(deleteNotificationsValue);
export const readNotificationsBody = z.object({ ids: z.array(recordId).max(100).optional() });

/** What /ws pushes to a member: a new message, with the balance after it when the message moved money. */
export const realtimeMessage = z.object({
  type: z.literal('notification'),
  notification: notificationValue,
  balance: amountOutput.optional(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessage>;

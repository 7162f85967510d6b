import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { bigserialId, createdAt, integerRef, merchantRef, serialId, updatedAt } from './columns';

export type ChatStatus = 'WAITING' | 'OPEN' | 'CLOSED';
export type ChatSender = 'MEMBER' | 'GUEST' | 'OPERATOR' | 'SYSTEM';
export type ChatKind = 'TEXT' | 'IMAGE';

/**
 * One live chat (modules/live-chat) between a member, or a visitor known by a signed guest id,
 * and the merchant's support operators. WAITING until an operator takes it, OPEN while one
 * answers, CLOSED for good (a new message opens a new conversation). One unclosed conversation
 * per member or guest.
 */
export const liveChatConversations = pgTable(
  'live_chat_conversations',
  {
    id: serialId(),
    merchantId: merchantRef(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id),
    /** A visitor's id (the unsigned half of the signed guest id); null for a member. */
    guestId: text('guest_id'),
    status: text('status').$type<ChatStatus>().notNull().default('WAITING'),
    /** The operator's username (the bootstrap root has no operator row). */
    assignedOperator: text('assigned_operator'),
    /** The last message's seq: messages are numbered 1, 2, 3... per conversation under this row's lock. */
    lastSeq: integer('last_seq').notNull().default(0),
    /** The highest seq each side has read (the read ticks). */
    visitorReadSeq: integer('visitor_read_seq').notNull().default(0),
    operatorReadSeq: integer('operator_read_seq').notNull().default(0),
    /** Set when the visitor wrote while no operator was online; the next operator answer notifies the member's inbox once. */
    isAwaitingOfflineReply: smallint('is_awaiting_offline_reply').notNull().default(0),
    language: text('language').notNull().default('BN'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('live_chat_conversations_member_open')
      .on(table.merchantId, table.memberId)
      .where(sql`status <> 'CLOSED' AND member_id IS NOT NULL`),
    uniqueIndex('live_chat_conversations_guest_open')
      .on(table.merchantId, table.guestId)
      .where(sql`status <> 'CLOSED' AND guest_id IS NOT NULL`),
    index('live_chat_conversations_queue').on(table.merchantId, table.status, table.lastMessageAt),
  ],
);

/** A message of a conversation; `seq` orders them and lets a reconnecting client ask for what came after. */
export const liveChatMessages = pgTable(
  'live_chat_messages',
  {
    id: bigserialId(),
    conversationId: integerRef('conversation_id', () => liveChatConversations.id),
    merchantId: merchantRef(),
    seq: integer('seq').notNull(),
    sender: text('sender').$type<ChatSender>().notNull(),
    /** The operator's username for an operator message. */
    senderName: text('sender_name'),
    kind: text('kind').$type<ChatKind>().notNull().default('TEXT'),
    /** Plain text as typed (shown escaped, never as HTML). */
    body: text('body').notNull().default(''),
    imageKey: text('image_key'),
    imageType: text('image_type'),
    /** The sender's id for this message: a resend after a reconnect returns the first one. */
    clientMessageId: text('client_message_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('live_chat_messages_seq').on(table.conversationId, table.seq),
    uniqueIndex('live_chat_messages_client_id').on(table.conversationId, table.clientMessageId),
    index('live_chat_messages_merchant_created').on(table.merchantId, table.createdAt),
  ],
);

/** Answers an operator picks instead of typing them again. */
export const liveChatCannedAnswers = pgTable(
  'live_chat_canned_answers',
  {
    id: serialId(),
    merchantId: merchantRef(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('live_chat_canned_answers_title').on(table.merchantId, table.title)],
);

/** Operators with a live console socket: a heartbeat every few seconds; online = seen lately (any node). */
export const liveChatOperatorPresence = pgTable(
  'live_chat_operator_presence',
  {
    merchantId: merchantRef(),
    operatorName: text('operator_name').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('live_chat_operator_presence_key').on(table.merchantId, table.operatorName)],
);

/** The key that signs guest ids: generated once, the same for every node (one row). */
export const liveChatKeys = pgTable('live_chat_keys', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
});

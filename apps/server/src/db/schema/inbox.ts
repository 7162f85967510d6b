import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, memberRowColumns, merchantRef } from './columns';

/**
 * The member inbox (modules/inbox): cashier and other system events, feedback answers, chat
 * answers given while the member was away, and operator messages (a row per member pointing at
 * its campaign, whose content is stored once in three languages). Also pushed live over /ws.
 */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    ...memberRowColumns(),
    kind: text('kind').notNull(),
    /** Minor units; 0 for kinds without an amount. */
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The event's own id (deposit, withdrawal, feedback, chat, campaign): with kind, one row per event. */
    referenceId: bigint('reference_id', { mode: 'number' }).notNull(),
    /** Why (a rejection's reason, a changed limit): plain text, shown escaped. */
    reason: text('reason'),
    /** Free text of a feedback or chat answer: plain text, shown escaped. */
    title: text('title'),
    body: text('body'),
    /** An operator message's campaign (its sanitised content per language). */
    campaignId: bigint('campaign_id', { mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One notice per event: a replayed approval cannot notify twice, a campaign reaches a member once.
    uniqueIndex('member_notifications_event_unique').on(table.memberId, table.kind, table.referenceId),
    index('member_notifications_member_idx').on(table.memberId, table.id),
  ],
);

/** Who an operator message goes to. */
export type InboxAudience =
  | { type: 'MEMBER'; memberId: number; username: string }
  | { type: 'VIP'; ranks: number[] }
  | { type: 'AGENT_TEAM'; agentId: number; username: string }
  | { type: 'NEW_MEMBERS'; days: number }
  | { type: 'EVERYONE' };

/** One language's content: plain-text title and allow-list-sanitised HTML. */
export interface InboxContent {
  title: string;
  html: string;
}

/** An operator message: content stored once, fanned out to its audience by the inbox job in member-id batches. */
export const inboxCampaigns = pgTable(
  'inbox_campaigns',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    audience: jsonb('audience').$type<InboxAudience>().notNull(),
    /** { BN, EN?, SW? }: BN is required and is the fallback. */
    content: jsonb('content').$type<Record<string, InboxContent>>().notNull(),
    status: text('status').notNull().default('SCHEDULED'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** The highest member id already fanned out: the next batch starts after it. */
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('inbox_campaigns_merchant_idx').on(table.merchantId, table.id),
    index('inbox_campaigns_due_idx').on(table.status, table.sendAt),
    check('inbox_campaigns_status', sql`${table.status} IN ('SCHEDULED', 'SENDING', 'SENT', 'CANCELLED')`),
  ],
);

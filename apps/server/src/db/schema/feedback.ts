import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { createdAt, merchantRef, serialId } from './columns';

/** Feedback sent from the site's feedback popup; read and answered by customer service. */
export const feedback = pgTable(
  'feedback',
  {
    id: serialId(),
    merchantId: merchantRef(),
    /** Null for a visitor; the sender name is then only what the visitor typed. */
    memberId: integer('member_id').references(() => members.id),
    sender: text('sender').notNull().default(''),
    /** Question type of spec section 3: 1 deposit, 2 withdrawal, 3 game, 4 customer, 6 applyAgent, 0 others. */
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    /** NEW, ANSWERED (a reply went to the member's inbox) or CLOSED. */
    status: text('status').notNull().default('NEW'),
    /** Customer service's answer (plain text); a member's copy lands in their inbox. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (table) => [
    index('feedback_merchant_created').on(table.merchantId, table.createdAt),
    index('feedback_merchant_status').on(table.merchantId, table.status, table.id),
  ],
);

import { and, eq, ne } from 'drizzle-orm';
import { liveChatConversations } from '../../db/schema/live-chat';
import type { DbOrTx, Tx } from '../../platform/db';
import type { ChatVisitor, ConversationRow } from './present-chat';

function visitorWhere(visitor: ChatVisitor) {
  return and(
    eq(liveChatConversations.merchantId, visitor.merchantId),
    visitor.memberId !== undefined
      ? eq(liveChatConversations.memberId, visitor.memberId)
      : eq(liveChatConversations.guestId, visitor.guestId),
    ne(liveChatConversations.status, 'CLOSED'),
  );
}

/** The visitor's conversation that is not closed (at most one: a partial unique index), if any. */
export async function findOpenConversation(db: DbOrTx, visitor: ChatVisitor): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(liveChatConversations).where(visitorWhere(visitor)).limit(1);
  return row;
}

/**
 * The visitor's open conversation, locked; a new WAITING one when there is none. Two first
 * messages at once (two tabs, two nodes) meet at the unique index: the loser's insert does
 * nothing and it locks the winner's row.
 */
export async function openConversation(tx: Tx, visitor: ChatVisitor, input: { language: string; now: Date }): Promise<ConversationRow> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [existing] = await tx.select().from(liveChatConversations).where(visitorWhere(visitor)).limit(1).for('update');
    if (existing) return existing;
    const [created] = await tx
      .insert(liveChatConversations)
      .values({
        merchantId: visitor.merchantId,
        memberId: visitor.memberId ?? null,
        guestId: visitor.guestId ?? null,
        status: 'WAITING',
        language: input.language,
        lastMessageAt: input.now,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error('live chat: could not open a conversation');
}

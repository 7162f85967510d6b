import { and, asc, eq, gt } from 'drizzle-orm';
import { liveChatConversations, liveChatMessages } from '../../db/schema/live-chat';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { findOpenConversation } from './open-conversation';
import { isOperatorOnline } from './operator-presence';
import { type ChatVisitor, type ConversationRow, type MessageRow, presentConversation, presentMessage } from './present-chat';

/** The most messages one read returns; a client further behind asks again after the last seq. */
export const CHAT_PAGE = 200;

/** Messages of a conversation after `after`, in seq order (a reconnecting client asks for what it missed). */
export async function listMessagesAfter(db: DbOrTx, conversationId: number, after: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.conversationId, conversationId), gt(liveChatMessages.seq, after)))
    .orderBy(asc(liveChatMessages.seq))
    .limit(CHAT_PAGE);
}

/**
 * The visitor's room: the open conversation (none once the last was closed: the next message
 * starts a new one; closed transcripts stay for the operators), whether an operator is online,
 * and the messages after `after`.
 */
export async function readChatRoom(db: DbOrTx, visitor: ChatVisitor, after: number, now: Date) {
  const conversation = await findOpenConversation(db, visitor);
  const online = await isOperatorOnline(db, visitor.merchantId, now);
  return {
    conversation: conversation ? presentConversation(conversation) : null,
    isOperatorOnline: online,
    messages: conversation ? (await listMessagesAfter(db, conversation.id, after)).map(presentMessage) : [],
  };
}

/** The visitor's open conversation, for a read mark or a typing signal: NOT_FOUND when none. */
export async function requireOpenConversation(db: DbOrTx, visitor: ChatVisitor): Promise<ConversationRow> {
  const conversation = await findOpenConversation(db, visitor);
  if (!conversation) throw new AppError('NOT_FOUND');
  return conversation;
}

/** An image message's stored file, when the asker may see it (its visitor, or the merchant's operators). */
export async function findChatImage(
  db: DbOrTx,
  input: { merchantId: number; messageId: number; visitor?: ChatVisitor },
): Promise<{ storageKey: string; contentType: string } | null> {
  const [row] = await db
    .select({ message: liveChatMessages, conversation: liveChatConversations })
    .from(liveChatMessages)
    .innerJoin(liveChatConversations, eq(liveChatConversations.id, liveChatMessages.conversationId))
    .where(and(eq(liveChatMessages.id, input.messageId), eq(liveChatMessages.merchantId, input.merchantId)))
    .limit(1);
  if (!row?.message.imageKey || !row.message.imageType) return null;
  const visitor = input.visitor;
  if (visitor) {
    const isOwn =
      visitor.memberId !== undefined ? row.conversation.memberId === visitor.memberId : row.conversation.guestId === visitor.guestId;
    if (!isOwn) return null;
  }
  return { storageKey: row.message.imageKey, contentType: row.message.imageType };
}

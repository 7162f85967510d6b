import { CHAT_TEXT_MAX } from '@kismat/contracts/live-chat';
import { and, eq, sql } from 'drizzle-orm';
import { type ChatKind, type ChatSender, liveChatConversations, liveChatMessages } from '../../db/schema/live-chat';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import type { ConversationRow, MessageRow } from './present-chat';

/**
 * Text as typed, trimmed, at most CHAT_TEXT_MAX characters. Kept as plain text and never turned
 * into HTML anywhere (the site and the console render it as text), so `<script>` in a message
 * is shown as the characters `<script>`, not run in a member's or an operator's browser.
 */
export function chatTextOf(text: string): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed.length === 0 || [...trimmed].length > CHAT_TEXT_MAX) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: { text: `1 to ${CHAT_TEXT_MAX} characters` } } });
  }
  return trimmed;
}

/** The message this sender already sent under `clientMessageId` in the conversation, if any (a resend after a reconnect). */
export async function findSentMessage(tx: Tx, conversationId: number, clientMessageId: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(liveChatMessages)
    .where(and(eq(liveChatMessages.conversationId, conversationId), eq(liveChatMessages.clientMessageId, clientMessageId)))
    .limit(1);
  return row;
}

export interface NewChatMessage {
  sender: ChatSender;
  senderName: string | null;
  kind: ChatKind;
  body: string;
  imageKey?: string | null;
  imageType?: string | null;
  clientMessageId: string | null;
  now: Date;
}

/**
 * Appends a message to a conversation the caller has locked (FOR UPDATE): the next seq is the
 * row's lastSeq + 1 under that lock, so two senders (or two nodes) never get the same number and
 * seqs have no holes a reconnecting client could mistake for a lost message.
 */
export async function appendChatMessage(
  tx: Tx,
  conversation: ConversationRow,
  input: NewChatMessage,
  changes: Partial<typeof liveChatConversations.$inferInsert> = {},
): Promise<{ message: MessageRow; conversation: ConversationRow }> {
  const seq = conversation.lastSeq + 1;
  const [message] = await tx
    .insert(liveChatMessages)
    .values({
      conversationId: conversation.id,
      merchantId: conversation.merchantId,
      seq,
      sender: input.sender,
      senderName: input.senderName,
      kind: input.kind,
      body: input.body,
      imageKey: input.imageKey ?? null,
      imageType: input.imageType ?? null,
      clientMessageId: input.clientMessageId,
      createdAt: input.now,
    })
    .returning();
  const [updated] = await tx
    .update(liveChatConversations)
    .set({ lastSeq: seq, lastMessageAt: input.now, updatedAt: input.now, ...changes })
    .where(eq(liveChatConversations.id, conversation.id))
    .returning();
  if (!message || !updated) throw new Error('live chat: message not written');
  return { message, conversation: updated };
}

/** Locks a conversation row for the transaction (every write to a conversation goes through its lock). */
export async function lockConversation(tx: Tx, merchantId: number, id: number): Promise<ConversationRow> {
  return lockMerchantRow(tx, liveChatConversations, merchantId, id);
}

/** Messages a visitor sent in the last `seconds` (for the rate limit; counted under the conversation's lock). */
export async function countRecentVisitorMessages(tx: Tx, conversationId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(liveChatMessages)
    .where(
      and(
        eq(liveChatMessages.conversationId, conversationId),
        sql`${liveChatMessages.sender} IN ('MEMBER', 'GUEST')`,
        sql`${liveChatMessages.createdAt} > ${since}`,
      ),
    );
  return row?.count ?? 0;
}

import type { ChatConversationValue, ChatMessageValue } from '@kismat/contracts/live-chat';
import type { liveChatConversations, liveChatMessages } from '../../db/schema/live-chat';

export type ConversationRow = typeof liveChatConversations.$inferSelect;
export type MessageRow = typeof liveChatMessages.$inferSelect;

/** Who a conversation is with: a member, or a visitor by guest id. */
export type ChatVisitor =
  | { merchantId: number; memberId: number; guestId?: undefined }
  | { merchantId: number; memberId?: undefined; guestId: string };

export function presentMessage(row: MessageRow): ChatMessageValue {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    sender: row.sender,
    senderName: row.senderName,
    kind: row.kind,
    body: row.body,
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentConversation(row: ConversationRow): ChatConversationValue {
  return {
    id: row.id,
    status: row.status,
    assignedOperator: row.assignedOperator,
    lastSeq: row.lastSeq,
    visitorReadSeq: row.visitorReadSeq,
    operatorReadSeq: row.operatorReadSeq,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

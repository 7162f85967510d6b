import { inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type NotificationRow, pushInboxMessage, sendInboxMessage } from '../inbox/index';
import { appendChatMessage, chatTextOf, findSentMessage, lockConversation } from './append-chat-message';
import { type ConversationRow, type MessageRow, presentMessage } from './present-chat';
import { publishChatEvent } from './publish-chat-event';
import type { VisitorChatDeps } from './send-visitor-message';

/** The operator's name and the merchant they act on (already checked against their scope). */
export interface ChatOperator {
  merchantId: number;
  username: string;
}

/**
 * An operator answers. A WAITING conversation is taken by the operator who answers it; one
 * another operator holds, or a closed one, is refused (CHAT_STATE_CONFLICT) so two operators
 * never answer the same member over each other. A resend (same clientMessageId) returns the first
 * message. When the visitor wrote while no operator was online, this first answer also goes to a
 * member's inbox (once: the flag is cleared in the same transaction, and the inbox row is unique
 * per message), so a member who left still learns they were answered.
 */
export async function sendOperatorMessage(
  deps: VisitorChatDeps,
  operator: ChatOperator,
  input: { conversationId: number; clientMessageId: string; text: string },
): Promise<{ message: MessageRow; conversation: ConversationRow; isReplay: boolean }> {
  const body = chatTextOf(input.text);
  let inboxRow: NotificationRow | null = null;
  let wasTaken = false;
  const result = await inTransaction(deps.db, async (tx) => {
    const conversation = await lockConversation(tx, operator.merchantId, input.conversationId);
    const sent = await findSentMessage(tx, conversation.id, input.clientMessageId);
    if (sent) return { message: sent, conversation, isReplay: true };
    if (conversation.status === 'CLOSED') throw new AppError('CHAT_STATE_CONFLICT');
    if (conversation.status === 'OPEN' && conversation.assignedOperator !== operator.username) throw new AppError('CHAT_STATE_CONFLICT');
    wasTaken = conversation.status === 'WAITING';
    const appended = await appendChatMessage(
      tx,
      conversation,
      { sender: 'OPERATOR', senderName: operator.username, kind: 'TEXT', body, clientMessageId: input.clientMessageId, now: deps.now },
      { status: 'OPEN', assignedOperator: operator.username, operatorReadSeq: conversation.lastSeq + 1, isAwaitingOfflineReply: 0 },
    );
    if (conversation.isAwaitingOfflineReply === 1 && conversation.memberId !== null) {
      inboxRow = await sendInboxMessage(tx, {
        merchantId: conversation.merchantId,
        memberId: conversation.memberId,
        kind: 'chat_answered',
        referenceId: appended.message.id,
        title: operator.username,
        body,
        now: deps.now,
      });
    }
    return { ...appended, isReplay: false };
  });
  if (result.isReplay) return result;
  const { conversation } = result;
  if (wasTaken) {
    await publishChatEvent(deps.realtime, conversation, {
      type: 'chat.assigned',
      conversationId: conversation.id,
      status: conversation.status,
      operator: conversation.assignedOperator,
    });
  }
  await publishChatEvent(deps.realtime, conversation, {
    type: 'chat.message',
    conversationId: conversation.id,
    message: presentMessage(result.message),
  });
  await pushInboxMessage(deps.db, deps.realtime, inboxRow);
  return result;
}

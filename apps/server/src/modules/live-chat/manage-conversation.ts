import { eq } from 'drizzle-orm';
import { liveChatConversations } from '../../db/schema/live-chat';
import { inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { listMerchantOperators } from '../operator/index';
import { appendChatMessage, lockConversation } from './append-chat-message';
import type { ConversationRow } from './present-chat';
import { presentMessage } from './present-chat';
import { publishChatEvent } from './publish-chat-event';
import type { ChatOperator } from './send-operator-message';
import type { VisitorChatDeps } from './send-visitor-message';

export type ConversationAction = { type: 'take' } | { type: 'transfer'; to: string } | { type: 'close' };

/**
 * Take (a WAITING chat, or one another operator holds: a supervisor picking it up), transfer to
 * another operator, or close. Each runs under the conversation's lock, so two operators clicking
 * "take" at once leave one owner. A transfer and a close also leave a SYSTEM line in the
 * transcript, which the visitor sees in order with the messages.
 */
export async function manageConversation(
  deps: VisitorChatDeps,
  operator: ChatOperator,
  conversationId: number,
  action: ConversationAction,
): Promise<ConversationRow> {
  if (action.type === 'transfer') {
    const targets = await listMerchantOperators(deps.db, operator.merchantId);
    if (!targets.some((target) => target.username === action.to)) throw new AppError('NOT_FOUND', { value: { field: 'operator' } });
  }
  const outcome = await inTransaction(deps.db, async (tx) => {
    const conversation = await lockConversation(tx, operator.merchantId, conversationId);
    if (conversation.status === 'CLOSED') throw new AppError('CHAT_STATE_CONFLICT');
    if (action.type === 'take') {
      const [updated] = await tx
        .update(liveChatConversations)
        .set({ status: 'OPEN', assignedOperator: operator.username, updatedAt: deps.now })
        .where(eq(liveChatConversations.id, conversation.id))
        .returning();
      return { conversation: updated ?? conversation, note: null };
    }
    const changes =
      action.type === 'transfer'
        ? { status: 'OPEN' as const, assignedOperator: action.to }
        : { status: 'CLOSED' as const, closedAt: deps.now, isAwaitingOfflineReply: 0 };
    const body = action.type === 'transfer' ? `${operator.username} → ${action.to}` : operator.username;
    return appendChatMessage(
      tx,
      conversation,
      { sender: 'SYSTEM', senderName: action.type, kind: 'TEXT', body, clientMessageId: null, now: deps.now },
      changes,
    ).then((appended) => ({ conversation: appended.conversation, note: appended.message }));
  });
  const { conversation, note } = outcome;
  if (note)
    await publishChatEvent(deps.realtime, conversation, {
      type: 'chat.message',
      conversationId: conversation.id,
      message: presentMessage(note),
    });
  await publishChatEvent(deps.realtime, conversation, {
    type: 'chat.assigned',
    conversationId: conversation.id,
    status: conversation.status,
    operator: conversation.assignedOperator,
  });
  return conversation;
}

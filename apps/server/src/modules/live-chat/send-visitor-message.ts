import { CHAT_RATE_LIMIT } from '@kismat/contracts/live-chat';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { appendChatMessage, chatTextOf, countRecentVisitorMessages, findSentMessage } from './append-chat-message';
import { openConversation } from './open-conversation';
import { isOperatorOnline } from './operator-presence';
import { type ChatVisitor, type ConversationRow, type MessageRow, presentMessage } from './present-chat';
import { publishChatEvent } from './publish-chat-event';
import { saveChatImage } from './save-chat-image';

export interface VisitorChatDeps {
  db: Db;
  realtime: RealtimeHub;
  now: Date;
}

export type VisitorMessageInput = { clientMessageId: string; language: string } & (
  | { kind: 'TEXT'; text: string }
  | { kind: 'IMAGE'; bytes: Buffer; storage: FileStorage }
);

/**
 * A member or visitor writes to support. The message goes into their open conversation (a new
 * WAITING one after the last was closed), numbered under the conversation's lock, and reaches
 * the operators live. Attacks and accidents handled here:
 * - a resend after a reconnect (same clientMessageId) returns the first message: never twice;
 * - a flood is refused past CHAT_RATE_LIMIT messages per window, counted in the database under
 *   the lock, so the limit holds across tabs and nodes (CHAT_TOO_FAST, with when to retry);
 * - text stays plain text (chatTextOf); an image is checked by its bytes (saveChatImage).
 * When no operator is online the message is still kept, and the conversation is marked so the
 * operator's later answer also lands in the member's inbox.
 */
export async function sendVisitorMessage(
  deps: VisitorChatDeps,
  visitor: ChatVisitor,
  input: VisitorMessageInput,
): Promise<{ message: MessageRow; conversation: ConversationRow; isReplay: boolean }> {
  const body = input.kind === 'TEXT' ? chatTextOf(input.text) : '';
  const image = input.kind === 'IMAGE' ? await saveChatImage(input.storage, visitor.merchantId, input.bytes) : null;
  const isOnline = await isOperatorOnline(deps.db, visitor.merchantId, deps.now);
  const result = await inTransaction(deps.db, async (tx) => {
    const conversation = await openConversation(tx, visitor, { language: input.language, now: deps.now });
    const sent = await findSentMessage(tx, conversation.id, input.clientMessageId);
    if (sent) return { message: sent, conversation, isReplay: true };
    const windowStart = new Date(deps.now.getTime() - CHAT_RATE_LIMIT.windowSeconds * 1000);
    if ((await countRecentVisitorMessages(tx, conversation.id, windowStart)) >= CHAT_RATE_LIMIT.messages) {
      throw new AppError('CHAT_TOO_FAST', { value: { retryAfterSeconds: CHAT_RATE_LIMIT.windowSeconds } });
    }
    const appended = await appendChatMessage(
      tx,
      conversation,
      {
        sender: visitor.memberId !== undefined ? 'MEMBER' : 'GUEST',
        senderName: null,
        kind: input.kind,
        body,
        imageKey: image?.storageKey ?? null,
        imageType: image?.contentType ?? null,
        clientMessageId: input.clientMessageId,
        now: deps.now,
      },
      // The visitor has read everything up to their own message.
      { visitorReadSeq: conversation.lastSeq + 1, ...(isOnline ? {} : { isAwaitingOfflineReply: 1 }) },
    );
    return { ...appended, isReplay: false };
  });
  if (!result.isReplay) {
    await publishChatEvent(deps.realtime, result.conversation, {
      type: 'chat.message',
      conversationId: result.conversation.id,
      message: presentMessage(result.message),
    });
  }
  return result;
}

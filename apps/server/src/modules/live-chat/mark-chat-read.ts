import { and, eq, lt } from 'drizzle-orm';
import { liveChatConversations } from '../../db/schema/live-chat';
import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ConversationRow } from './present-chat';
import { publishChatEvent } from './publish-chat-event';

/**
 * One side read the conversation up to `seq` (the read ticks of the other side). Only moves
 * forward, never past the last message, and tells the other side live.
 */
export async function markChatRead(
  deps: { db: Db; realtime: RealtimeHub },
  conversation: ConversationRow,
  by: 'VISITOR' | 'OPERATOR',
  seq: number,
): Promise<void> {
  const upTo = Math.min(seq, conversation.lastSeq);
  const column = by === 'VISITOR' ? liveChatConversations.visitorReadSeq : liveChatConversations.operatorReadSeq;
  const updated = await deps.db
    .update(liveChatConversations)
    .set(by === 'VISITOR' ? { visitorReadSeq: upTo } : { operatorReadSeq: upTo })
    .where(and(eq(liveChatConversations.id, conversation.id), lt(column, upTo)))
    .returning({ id: liveChatConversations.id });
  if (updated.length === 0) return;
  await publishChatEvent(
    deps.realtime,
    conversation,
    { type: 'chat.read', conversationId: conversation.id, by, seq: upTo },
    by === 'VISITOR' ? { visitor: false } : { operators: true },
  );
}

/** One side is typing: a live signal only, nothing is stored. */
export async function signalTyping(realtime: RealtimeHub, conversation: ConversationRow, from: 'VISITOR' | 'OPERATOR'): Promise<void> {
  await publishChatEvent(
    realtime,
    conversation,
    { type: 'chat.typing', conversationId: conversation.id, from },
    from === 'VISITOR' ? { visitor: false } : { operators: false },
  );
}

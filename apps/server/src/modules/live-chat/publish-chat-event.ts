import type { ChatRealtimeMessage } from '@kismat/contracts/live-chat';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { ConversationRow } from './present-chat';

/** The /ws topic of a visitor's sockets (members get theirs through their member sockets). */
export function guestTopic(merchantId: number, guestId: string): string {
  return `chat:guest:${merchantId}:${guestId}`;
}

/** The /ws topic of the merchant's support operators' consoles. */
export function operatorsTopic(merchantId: number): string {
  return `chat:ops:${merchantId}`;
}

/**
 * Sends a chat event to both ends, on whatever node their sockets are: the visitor (a member's
 * /ws sockets, or the guest's topic) and the merchant's operators. Operators of another merchant
 * subscribe to another topic, so they never see it. Call after the transaction committed;
 * delivery is best effort, the messages table is the record (clients catch up by seq).
 */
export async function publishChatEvent(
  realtime: RealtimeHub,
  conversation: Pick<ConversationRow, 'merchantId' | 'memberId' | 'guestId'>,
  message: ChatRealtimeMessage,
  to: { visitor?: boolean; operators?: boolean } = {},
): Promise<void> {
  const envelopes = [];
  if (to.visitor !== false) {
    if (conversation.memberId !== null) envelopes.push({ merchantId: conversation.merchantId, memberId: conversation.memberId, message });
    else if (conversation.guestId !== null) envelopes.push({ topic: guestTopic(conversation.merchantId, conversation.guestId), message });
  }
  if (to.operators !== false) envelopes.push({ topic: operatorsTopic(conversation.merchantId), message });
  await realtime.publishMany(envelopes);
}

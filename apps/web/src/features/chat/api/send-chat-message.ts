import { type ChatConversationValue, type ChatMessageValue, LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import { api } from '@/lib/api-client';
import { type ChatIdentity, identityOptions } from './chat-identity';

export interface SentChatMessage {
  message: ChatMessageValue;
  conversation: ChatConversationValue;
}

/** POST /wps/chat/messages: a text message; the same clientMessageId after a reconnect is stored once. */
export function sendChatMessage(identity: ChatIdentity, input: { clientMessageId: string; text: string }): Promise<SentChatMessage> {
  return api.post<SentChatMessage>(LIVE_CHAT_PATHS.messages, input, identityOptions(identity));
}

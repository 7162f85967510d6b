import { type chatRoomValue, LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { type ChatIdentity, identityOptions } from './chat-identity';

export type ChatRoomValue = z.infer<typeof chatRoomValue>;

/** GET /wps/chat/conversation: the open conversation, whether an operator is online, and the messages after `after`. */
export function getChatRoom(identity: ChatIdentity, after: number): Promise<ChatRoomValue> {
  return api.get<ChatRoomValue>(LIVE_CHAT_PATHS.conversation, { ...identityOptions(identity), query: { after } });
}

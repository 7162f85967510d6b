import { LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import { api } from '@/lib/api-client';
import { type ChatIdentity, identityOptions } from './chat-identity';

/** POST /wps/chat/read: the visitor has read up to seq (the operator's read ticks). */
export function markChatRead(identity: ChatIdentity, seq: number): Promise<null> {
  return api.post<null>(LIVE_CHAT_PATHS.read, { seq }, identityOptions(identity));
}

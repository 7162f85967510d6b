import { LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import { api } from '@/lib/api-client';
import { type ChatIdentity, identityOptions } from './chat-identity';

/** POST /wps/chat/typing: the operator sees "typing…" for a few seconds. */
export function signalTyping(identity: ChatIdentity): Promise<null> {
  return api.post<null>(LIVE_CHAT_PATHS.typing, undefined, identityOptions(identity));
}

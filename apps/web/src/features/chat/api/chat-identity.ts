import { CHAT_GUEST_HEADER, LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import { api } from '@/lib/api-client';
import { getLocalItem, getToken, LOCAL_KEYS, removeLocalItem, setLocalItem } from '@/stores/storage';

/** Who is chatting: a signed-in member (the session token) or a visitor (a signed guest id from the server). */
export type ChatIdentity = { kind: 'member'; token: string } | { kind: 'guest'; guestId: string };

/**
 * The member's session when there is one; otherwise this browser's guest id, asked for once
 * (POST /wps/chat/guest) and kept, so a reload shows the same chat.
 */
export async function resolveChatIdentity(): Promise<ChatIdentity> {
  const token = getToken();
  if (token) return { kind: 'member', token };
  const stored = getLocalItem(LOCAL_KEYS.chatGuestId);
  if (stored) return { kind: 'guest', guestId: stored };
  const { guestId } = await api.post<{ guestId: string }>(LIVE_CHAT_PATHS.guest, undefined, { skipAuthRedirect: true });
  setLocalItem(LOCAL_KEYS.chatGuestId, guestId);
  return { kind: 'guest', guestId };
}

/** A guest id the server refused (another site's, or a key rotated): forget it so a new one is asked for. */
export function forgetGuestId(): void {
  removeLocalItem(LOCAL_KEYS.chatGuestId);
}

/** The request options that carry the identity: the guest header (members go by the client's bearer). */
export function identityOptions(identity: ChatIdentity): { headers?: Record<string, string>; skipAuthRedirect?: boolean } {
  return identity.kind === 'guest' ? { headers: { [CHAT_GUEST_HEADER]: identity.guestId }, skipAuthRedirect: true } : {};
}

/** The first /ws message that authenticates the socket. */
export function socketHello(identity: ChatIdentity): Record<string, string> {
  return identity.kind === 'member' ? { token: identity.token } : { guest: identity.guestId };
}

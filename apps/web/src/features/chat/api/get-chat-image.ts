import { LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import { getMerchantCode, getToken } from '@/stores/storage';
import { type ChatIdentity, identityOptions } from './chat-identity';

/** GET /wps/chat/images/:id as a blob URL: an <img> cannot send the member's bearer or the guest header. */
export async function getChatImage(identity: ChatIdentity, messageId: number): Promise<string> {
  const headers: Record<string, string> = { ...identityOptions(identity).headers };
  const token = getToken();
  if (token && identity.kind === 'member') headers.Authorization = `Bearer ${token}`;
  const merchant = getMerchantCode();
  if (merchant) headers.Merchant = merchant;
  const response = await fetch(LIVE_CHAT_PATHS.image.replace(':messageId', String(messageId)), { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`image ${response.status}`);
  return URL.createObjectURL(await response.blob());
}

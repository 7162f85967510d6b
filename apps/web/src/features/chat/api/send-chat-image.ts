import { LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import { ApiError, buildUrl } from '@/lib/api-client';
import { getMerchantCode, getStoredLanguage, getToken } from '@/stores/storage';
import { type ChatIdentity, identityOptions } from './chat-identity';
import type { SentChatMessage } from './send-chat-message';

/** POST /wps/chat/images: the image as multipart (the JSON client does not send files); png or jpg, checked by the server. */
export async function sendChatImage(identity: ChatIdentity, input: { clientMessageId: string; file: File }): Promise<SentChatMessage> {
  const form = new FormData();
  form.append('file', input.file);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Language: getStoredLanguage(),
    ...identityOptions(identity).headers,
  };
  const token = getToken();
  if (token && identity.kind === 'member') headers.Authorization = `Bearer ${token}`;
  const merchant = getMerchantCode();
  if (merchant) headers.Merchant = merchant;
  let response: Response;
  try {
    response = await fetch(buildUrl(LIVE_CHAT_PATHS.images, { clientMessageId: input.clientMessageId }), {
      method: 'POST',
      body: form,
      headers,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('NETWORK_ERROR', '', 0);
  }
  const payload = (await response.json().catch(() => null)) as {
    success?: boolean;
    code?: string;
    message?: string;
    value?: SentChatMessage;
  } | null;
  if (!payload?.success || !payload.value) throw new ApiError(payload?.code ?? 'BAD_RESPONSE', payload?.message ?? '', response.status);
  return payload.value;
}

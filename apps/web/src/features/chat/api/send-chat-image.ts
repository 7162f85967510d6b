import { LIVE_CHAT_PATHS } from '@kismat/contracts/live-chat';
import { buildUrl, postMultipart } from '@/lib/api-client';
import { type ChatIdentity, identityOptions } from './chat-identity';
import type { SentChatMessage } from './send-chat-message';

/** POST /wps/chat/images: the image as multipart (the JSON client does not send files); png or jpg, checked by the server. */
export async function sendChatImage(identity: ChatIdentity, input: { clientMessageId: string; file: File }): Promise<SentChatMessage> {
  const form = new FormData();
  form.append('file', input.file);
  return postMultipart<SentChatMessage>(buildUrl(LIVE_CHAT_PATHS.images, { clientMessageId: input.clientMessageId }), form, {
    headers: identityOptions(identity).headers,
    sendToken: identity.kind === 'member',
  });
}

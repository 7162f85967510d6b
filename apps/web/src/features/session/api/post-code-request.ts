import { api } from '@/lib/api-client';
import type { CodeSent, SmsCodeRequest } from '../utils/sms-code';

/**
 * What the SMS code calls share: a POST without a session (a refusal never sends anyone to the
 * login page) whose answer is returned with the message the envelope carried.
 */
export async function postCodeRequest(path: string, request: SmsCodeRequest & { username?: string }): Promise<CodeSent> {
  let message = '';
  const sent = await api.post<Omit<CodeSent, 'message'>>(path, request, {
    skipAuthRedirect: true,
    onSuccess: (details) => {
      message = details.message;
    },
  });
  return { ...sent, message };
}

import type { SESSION_PATHS } from '@kismat/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CodeSent, SmsCodeRequest } from '../utils/sms-code';

const LOGIN_CODE_PATH = '/wps/session/loginCode' satisfies (typeof SESSION_PATHS)['loginCode'];

/** The "login code" call: an SMS code for the SMS login tab. */
export async function sendLoginCode(request: SmsCodeRequest): Promise<CodeSent> {
  let message = '';
  const sent = await api.post<Omit<CodeSent, 'message'>>(LOGIN_CODE_PATH, request, {
    skipAuthRedirect: true,
    onSuccess: (details) => {
      message = details.message;
    },
  });
  return { ...sent, message };
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}

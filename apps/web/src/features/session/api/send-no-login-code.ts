import type { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CodeSent, SmsCodeRequest } from '../utils/sms-code';

const SMS_NO_LOGIN_PATH = '/wps/verification/sms/noLogin' satisfies (typeof VERIFICATION_PATHS)['smsNoLogin'];

/** An SMS code for someone without a session: setting a new password by phone. */
export async function sendNoLoginCode(request: SmsCodeRequest): Promise<CodeSent> {
  let message = '';
  const sent = await api.post<Omit<CodeSent, 'message'>>(SMS_NO_LOGIN_PATH, request, {
    skipAuthRedirect: true,
    onSuccess: (details) => {
      message = details.message;
    },
  });
  return { ...sent, message };
}

export function useSendNoLoginCode() {
  return useMutation({ mutationFn: sendNoLoginCode });
}

import type { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CodeSent, SmsCodeRequest } from '../utils/sms-code';

const SMS_REGISTER_PATH = '/wps/verification/sms/register' satisfies (typeof VERIFICATION_PATHS)['smsRegister'];

/** An SMS code for a new registration (the number must not belong to a member yet). */
export async function sendRegisterCode(request: SmsCodeRequest & { username?: string }): Promise<CodeSent> {
  let message = '';
  const sent = await api.post<Omit<CodeSent, 'message'>>(SMS_REGISTER_PATH, request, {
    skipAuthRedirect: true,
    onSuccess: (details) => {
      message = details.message;
    },
  });
  return { ...sent, message };
}

export function useSendRegisterCode() {
  return useMutation({ mutationFn: sendRegisterCode });
}

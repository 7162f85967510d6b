import type { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import { useMutation } from '@tanstack/react-query';
import type { CodeSent, SmsCodeRequest } from '../utils/sms-code';
import { postCodeRequest } from './post-code-request';

const SMS_REGISTER_PATH = '/wps/verification/sms/register' satisfies (typeof VERIFICATION_PATHS)['smsRegister'];

/** An SMS code for a new registration (the number must not belong to a member yet). */
export function sendRegisterCode(request: SmsCodeRequest & { username?: string }): Promise<CodeSent> {
  return postCodeRequest(SMS_REGISTER_PATH, request);
}

export function useSendRegisterCode() {
  return useMutation({ mutationFn: sendRegisterCode });
}

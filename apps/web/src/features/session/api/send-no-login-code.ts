import type { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import { useMutation } from '@tanstack/react-query';
import type { CodeSent, SmsCodeRequest } from '../utils/sms-code';
import { postCodeRequest } from './post-code-request';

const SMS_NO_LOGIN_PATH = '/wps/verification/sms/noLogin' satisfies (typeof VERIFICATION_PATHS)['smsNoLogin'];

/** An SMS code for someone without a session: setting a new password by phone. */
export function sendNoLoginCode(request: SmsCodeRequest): Promise<CodeSent> {
  return postCodeRequest(SMS_NO_LOGIN_PATH, request);
}

export function useSendNoLoginCode() {
  return useMutation({ mutationFn: sendNoLoginCode });
}

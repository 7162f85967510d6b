import type { SESSION_PATHS } from '@kismat/contracts/session';
import { useMutation } from '@tanstack/react-query';
import type { CodeSent, SmsCodeRequest } from '../utils/sms-code';
import { postCodeRequest } from './post-code-request';

const LOGIN_CODE_PATH = '/wps/session/loginCode' satisfies (typeof SESSION_PATHS)['loginCode'];

/** The "login code" call: an SMS code for the SMS login tab. */
export function sendLoginCode(request: SmsCodeRequest): Promise<CodeSent> {
  return postCodeRequest(LOGIN_CODE_PATH, request);
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}

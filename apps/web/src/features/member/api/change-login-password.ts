import type { SECURITY_PATHS } from '@kismat/contracts/security';
import type { LoginResult } from '@kismat/contracts/session';
import { sealedRequest } from '@/lib/sealed-request';
import { signInWithResult } from '@/lib/sign-in-with-result';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { securityOverviewQueryKey } from './get-security-overview';

const LOGIN_PASSWORD_PATH = '/wps/member/password' satisfies (typeof SECURITY_PATHS)['loginPassword'];

export interface ChangeLoginPasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/**
 * POST /wps/member/password (T, E). Every session of the member ends with the change; the
 * answer is the new session, which replaces the stored token at once.
 */
export async function changeLoginPassword(body: ChangeLoginPasswordBody): Promise<LoginResult> {
  const result = await sealedRequest<LoginResult>(LOGIN_PASSWORD_PATH, body);
  signInWithResult(result);
  return result;
}

export function useChangeLoginPassword() {
  return useInvalidatingMutation(changeLoginPassword, securityOverviewQueryKey);
}

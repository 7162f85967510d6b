import type { LoginResult, SESSION_PATHS, SecondFactorMethod } from '@kismat/contracts/session';
import { sealedRequest } from '@/lib/sealed-request';

const VERIFICATION_PATH = '/wps/session/login/verification' satisfies (typeof SESSION_PATHS)['loginVerification'];

/** POST /wps/session/login/verification (N, E): the second factor of a login from a new IP. */
export function completeLoginVerification(body: { challengeId: string; method: SecondFactorMethod; answer: string }): Promise<LoginResult> {
  return sealedRequest<LoginResult>(VERIFICATION_PATH, body, { skipAuthRedirect: true });
}

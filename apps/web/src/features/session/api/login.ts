import type { LoginBody, LoginResult, SESSION_PATHS } from '@kismat/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';

const LOGIN_PATH = '/wps/session/login' satisfies (typeof SESSION_PATHS)['login'];

/**
 * POST /wps/session/login (N, E). A failure is LOGIN_FAILED (401) with value.captcha; it must
 * not end a session or pop the login dialog, hence skipAuthRedirect.
 */
export function login(body: LoginBody): Promise<LoginResult> {
  return sealedRequest<LoginResult>(LOGIN_PATH, body, { skipAuthRedirect: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

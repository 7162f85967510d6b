import type { LoginResult, SESSION_PATHS } from '@kismat/contracts/session';
import { api } from '@/lib/api-client';

const REFRESH_PATH = '/wps/session/refresh' satisfies (typeof SESSION_PATHS)['refresh'];

/**
 * Remember me: a new session from the HttpOnly refresh cookie the login set (valid one day).
 * The browser sends the cookie; no secret is ever readable by the page.
 */
export function refreshSession(): Promise<LoginResult> {
  return api.post<LoginResult>(REFRESH_PATH, undefined, { skipAuthRedirect: true });
}

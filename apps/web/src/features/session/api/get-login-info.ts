import type { loginInfoValue, SESSION_PATHS } from '@kismat/contracts/session';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

const LOGIN_INFO_PATH = '/wps/session/loginInfo' satisfies (typeof SESSION_PATHS)['loginInfo'];

export type LoginInfo = z.infer<typeof loginInfoValue>;

/** GET /wps/session/loginInfo (T): the login state (member info, agent and trial flags). */
export function getLoginInfo(): Promise<LoginInfo> {
  return api.get<LoginInfo>(LOGIN_INFO_PATH);
}

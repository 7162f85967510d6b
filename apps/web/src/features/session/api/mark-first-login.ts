import type { MEMBER_PATHS, MemberInfo } from '@kismat/contracts/member';
import { api } from '@/lib/api-client';

const FIRST_LOGIN_PATH = '/wps/member/firstLogin' satisfies (typeof MEMBER_PATHS)['firstLogin'];

/** The first-login action: the server marks the welcome flow done and answers member info. */
export function markFirstLogin(): Promise<MemberInfo> {
  return api.post<MemberInfo>(FIRST_LOGIN_PATH);
}

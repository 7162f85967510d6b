import type { SECURITY_PATHS } from '@kismat/contracts/security';
import type { LoginResult } from '@kismat/contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';
import { getMerchantCode } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
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
  useSessionStore.getState().signIn({
    token: result.token,
    nickname: result.member.nickname,
    account: result.member.account,
    username: result.userName,
    customerId: result.member.id,
    isAgent: result.member.isAgent,
    isTrial: result.member.isTrial,
    merchantCode: getMerchantCode(),
  });
  useSessionStore.getState().setMember(result.member);
  return result;
}

export function useChangeLoginPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeLoginPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityOverviewQueryKey }),
  });
}

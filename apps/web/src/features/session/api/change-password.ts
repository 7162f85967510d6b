import type { MEMBER_PATHS } from '@kismat/contracts/member';
import type { LoginResult } from '@kismat/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';

const CHANGE_PASSWORD_PATH = '/wps/member/password' satisfies (typeof MEMBER_PATHS)['changePassword'];

export interface ChangePasswordBody {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** POST /wps/member/password (T, E): every session ends; the answer carries the new session. */
export function changePassword(body: ChangePasswordBody): Promise<LoginResult> {
  return sealedRequest<LoginResult>(CHANGE_PASSWORD_PATH, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

import type { MEMBER_PATHS, resetByPhoneBody } from '@kismat/contracts/member';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { sealedRequest } from '@/lib/sealed-request';

const RESET_BY_PHONE_PATH = '/wps/member/password/verification' satisfies (typeof MEMBER_PATHS)['resetByPhone'];

export type ResetByPhoneBody = z.input<typeof resetByPhoneBody>;

/** POST /wps/member/password/verification (N, E): a new password with an SMS code; answers the account. */
export function resetPasswordByPhone(body: ResetByPhoneBody): Promise<{ userName: string }> {
  return sealedRequest<{ userName: string }>(RESET_BY_PHONE_PATH, body, { skipAuthRedirect: true });
}

export function useResetPasswordByPhone() {
  return useMutation({ mutationFn: resetPasswordByPhone });
}

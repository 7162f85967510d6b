import type { MEMBER_PATHS } from '@kismat/contracts/member';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const FORGOT_EMAIL_PATH = '/wps/member/password/email' satisfies (typeof MEMBER_PATHS)['forgotByEmail'];

/**
 * /wps/member/password/email (N, form-encoded). The answer is the same whether or not the
 * pair exists, so the form cannot be used to find accounts; its message says so.
 */
export async function requestPasswordEmail(input: { username: string; email: string }): Promise<{ message: string }> {
  let message = '';
  await api.post<{ expiredMinutes: number }>(FORGOT_EMAIL_PATH, undefined, {
    form: input,
    skipAuthRedirect: true,
    onSuccess: (details) => {
      message = details.message;
    },
  });
  return { message };
}

export function useRequestPasswordEmail() {
  return useMutation({ mutationFn: requestPasswordEmail });
}

import type { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import { api } from '@/lib/api-client';

const EMAIL_BIND_PATH = '/wps/verification/email/bind' satisfies (typeof VERIFICATION_PATHS)['emailBind'];

/** POST /wps/verification/email/bind (T): a code to bind this address to the member. */
export function sendBindEmailCode(body: { email: string }): Promise<{ expiredMinutes: number }> {
  return api.post<{ expiredMinutes: number }>(EMAIL_BIND_PATH, body);
}

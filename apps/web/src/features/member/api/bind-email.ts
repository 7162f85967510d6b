import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { sealedRequest } from '@/lib/sealed-request';
import type { SecurityOverview } from './get-security-overview';
import { useBindingWrite } from './security-writes';

const BIND_EMAIL_PATH = '/wps/member/security/email' satisfies (typeof SECURITY_PATHS)['bindEmail'];

/** POST /wps/member/security/email (T, E): binds the address for good; answers the new overview. */
export function bindEmail(body: { email: string; verificationCode: string }): Promise<SecurityOverview> {
  return sealedRequest<SecurityOverview>(BIND_EMAIL_PATH, body);
}

export function useBindEmail() {
  return useBindingWrite(bindEmail);
}

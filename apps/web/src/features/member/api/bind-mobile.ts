import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { sealedRequest } from '@/lib/sealed-request';
import type { SecurityOverview } from './get-security-overview';
import { useBindingWrite } from './security-writes';

const BIND_MOBILE_PATH = '/wps/member/security/mobile' satisfies (typeof SECURITY_PATHS)['bindMobile'];

/** POST /wps/member/security/mobile (T, E): binds the number for good; answers the new overview. */
export function bindMobile(body: { countryDialingCode?: string; mobileNo: string; verificationCode: string }): Promise<SecurityOverview> {
  return sealedRequest<SecurityOverview>(BIND_MOBILE_PATH, body);
}

export function useBindMobile() {
  return useBindingWrite(bindMobile);
}

import type { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import { api } from '@/lib/api-client';

const SMS_BIND_PATH = '/wps/verification/sms/bind' satisfies (typeof VERIFICATION_PATHS)['smsBind'];

/** POST /wps/verification/sms/bind (T): a code to bind this number to the member. */
export function sendBindSmsCode(body: { mobileNo: string; countryDialingCode: string }): Promise<{ expiredMinutes: number }> {
  return api.post<{ expiredMinutes: number }>(SMS_BIND_PATH, body);
}

import type { SECURITY_PATHS } from '@kismat/contracts/security';
import { sealedRequest } from '@/lib/sealed-request';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { securityOverviewQueryKey } from './get-security-overview';

const PAYMENT_PASSWORD_PATH = '/wps/member/security/paymentPassword' satisfies (typeof SECURITY_PATHS)['paymentPassword'];

export interface PaymentPasswordBody {
  /** Required to change an existing payment password. */
  oldPaymentPassword?: string;
  /** Confirms the member the first time one is set. */
  loginPassword?: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
}

/** POST /wps/member/security/paymentPassword (T, E): set (with the login password) or change it. */
export function setPaymentPassword(body: PaymentPasswordBody): Promise<null> {
  return sealedRequest<null>(PAYMENT_PASSWORD_PATH, body);
}

export function useSetPaymentPassword() {
  return useInvalidatingMutation(setPaymentPassword, securityOverviewQueryKey);
}

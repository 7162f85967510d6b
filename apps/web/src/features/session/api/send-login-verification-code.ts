import type { SESSION_PATHS } from '@kismat/contracts/session';
import { api } from '@/lib/api-client';

const SEND_PATH = '/wps/session/login/verification/send' satisfies (typeof SESSION_PATHS)['loginVerificationSend'];

/** Sends the SMS or e-mail code of a second-factor challenge. */
export function sendLoginVerificationCode(body: { challengeId: string; method: 'SMS' | 'EMAIL' }): Promise<{ expiredMinutes: number }> {
  return api.post<{ expiredMinutes: number }>(SEND_PATH, body, { skipAuthRedirect: true });
}

import type { codeSentValue } from '@kismat/contracts/verification';
import type { z } from 'zod';

/** The body of every SMS code call (spec section 3): the number and its dialing code. */
export interface SmsCodeRequest {
  mobileNo: string;
  countryDialingCode: string;
}

/** The answer of every SMS code call plus its message; the countdown is expiredMinutes × 60 s. */
export type CodeSent = z.infer<typeof codeSentValue> & { message: string };

/** Seconds the send button stays disabled (spec section 4; the fallback is one minute). */
export function countdownSeconds(sent: Pick<CodeSent, 'expiredMinutes'> | null | undefined): number {
  const minutes = sent?.expiredMinutes;
  return typeof minutes === 'number' && minutes > 0 ? minutes * 60 : 60;
}

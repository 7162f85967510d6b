import type { codeSentValue } from '@kismat/contracts/verification';
import type { z } from 'zod';

/** The body of every SMS code call (spec section 3): the number and its dialing code. */
export interface SmsCodeRequest {
  mobileNo: string;
  countryDialingCode: string;
}

/** The answer of every SMS code call plus its message; the countdown is expiredMinutes × 60 s. */
export type CodeSent = z.infer<typeof codeSentValue> & { message: string };

import { z } from 'zod';
import { envelopeOf } from './envelope';
import { captchaFields, geetestFields } from './member';

/** SMS and e-mail codes (spec section 7). */
export const VERIFICATION_PATHS = {
  /** Codes for people without a session: SMS login and set-password-by-phone. */
  smsNoLogin: '/wps/verification/sms/noLogin',
  /** Codes for a new registration (the number must not belong to a member yet). */
  smsRegister: '/wps/verification/sms/register',
  /** Codes to bind a mobile number to the logged-in member (T). */
  smsBind: '/wps/verification/sms/bind',
  /** Codes to bind an e-mail address to the logged-in member (T). */
  emailBind: '/wps/verification/email/bind',
  /** The demo outbox of sent SMS and e-mail: demo only, admins of the merchant, codes masked, each read audited. */
  outbox: '/admin-api/outbox',
} as const;

export const SMS_CODE_LENGTH = 6;
/** The web's countdown fallback and the server's minimum gap between two sends to one number. */
export const SMS_RESEND_SECONDS = 60;

/** The spec sends mobileNo, some forms mobileNum; either is accepted. */
export const smsSendBody = z
  .object({
    countryDialingCode: z.string().trim().max(6).optional(),
    mobileNo: z.string().trim().max(20).optional(),
    mobileNum: z.string().trim().max(20).optional(),
    /** The register popup sends the username of the username-registration variant; informational. */
    username: z.string().trim().max(64).optional(),
    ...captchaFields,
    ...geetestFields,
  })
  .refine((body) => Boolean(body.mobileNo ?? body.mobileNum), { message: 'mobileNo is required', path: ['mobileNo'] });
export type SmsSendBody = z.infer<typeof smsSendBody>;

/** The answer of every code send: the countdown is expiredMinutes x 60 seconds. */
export const codeSentValue = z.object({
  expiredMinutes: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export const codeSentResponse = envelopeOf(codeSentValue);

/** The value of SMS_TOO_FREQUENT and SMS_TOO_MANY_REQUESTS (429). */
export const sendRefusedValue = z.object({ retryAfterSeconds: z.number().int() });

export const emailBindSendBody = z.object({ email: z.string().trim().min(3).max(254) });

export const outboxQuery = z.object({
  /** For an admin of every merchant: one merchant's messages. A merchant's admin sees only its own. */
  merchantId: z.coerce.number().int().positive().optional(),
  channel: z.enum(['SMS', 'EMAIL']).optional(),
  /** E.164 number (+8801712345678) or e-mail address. */
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export const outboxMessage = z.object({
  id: z.number().int(),
  merchantId: z.number().int().nullable(),
  channel: z.enum(['SMS', 'EMAIL']),
  recipient: z.string(),
  subject: z.string().nullable(),
  /** Codes and link tokens masked (`12****`). */
  body: z.string(),
  createdAt: z.string(),
});
export const outboxResponse = envelopeOf(z.array(outboxMessage));

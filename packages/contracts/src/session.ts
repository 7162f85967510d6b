import { z } from 'zod';
import { envelopeOf } from './envelope';
import { captchaFields, geetestFields, memberInfo } from './member';

/** Session calls (spec section 7). Paths the spec does not show are chosen in its style. */
export const SESSION_PATHS = {
  login: '/wps/session/login',
  freeplay: '/wps/session/login/freeplay',
  logout: '/wps/session/logout',
  loginInfo: '/wps/session/loginInfo',
  /** "login code": sends the SMS code for the SMS login tab. */
  loginCode: '/wps/session/loginCode',
  /** "Remember me": a new session from the HttpOnly refresh cookie. */
  refresh: '/wps/session/refresh',
  /** Second factor of a login from a new IP. */
  loginVerification: '/wps/session/login/verification',
  loginVerificationSend: '/wps/session/login/verification/send',
  captcha: '/wps/captcha',
} as const;

/** Name of the HttpOnly cookie that carries the remember-me refresh token (path /wps/session). */
export const REFRESH_COOKIE = 'kismat_refresh';
/** Name of the HttpOnly cookie that carries the current captcha id. */
export const CAPTCHA_COOKIE = 'kismat_captcha';
/** Response header with the captcha id, for clients that do not keep cookies. */
export const CAPTCHA_ID_HEADER = 'x-captcha-id';

/**
 * POST /wps/session/login (N, E). For `type: 'sms'` the username is the mobile number and the
 * password is the SMS code from /wps/session/loginCode (or /wps/verification/sms/noLogin).
 */
export const loginBody = z.object({
  type: z.enum(['username', 'sms']).default('username'),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  countryDialingCode: z.string().trim().max(6).optional(),
  /** Keep the member signed in for a day through the HttpOnly refresh cookie. */
  remember: z.boolean().optional(),
  /** The /agent page: refuse non-agents with AGENT_ONLY. */
  agentLogin: z.boolean().optional(),
  ...captchaFields,
  ...geetestFields,
});
export type LoginBody = z.input<typeof loginBody>;

/** A successful login (also the answer of register, freeplay, refresh and the second factor). */
export const loginResult = z.object({
  token: z.string(),
  /** When the session ends without activity; each call moves it (SESSION_IDLE_MINUTES). */
  expiresAt: z.string(),
  idleMinutes: z.number().int(),
  firstTimeLogin: z.boolean(),
  /** The password is older than the merchant's limit and PWDEXPFORCECHANGE3 is on. */
  passwordExpired: z.boolean(),
  /** Open the change-password popup: password 123456 or expired (never after an SMS login). */
  forceChangePassword: z.boolean(),
  userName: z.string(),
  captcha: z.literal(false),
  member: memberInfo,
});
export type LoginResult = z.infer<typeof loginResult>;
export const loginResponse = envelopeOf(loginResult);

/** The answer of both register calls: the new account and, unless `login: false` was sent, its session. */
export const registerValue = z.object({ userName: z.string(), login: loginResult.nullable() });
export const registerResponse = envelopeOf(registerValue);

/** The value of LOGIN_FAILED, CAPTCHA_REQUIRED, CAPTCHA_INVALID and a throttled login. */
export const loginFailureValue = z.object({
  captcha: z.boolean(),
  retryAfterSeconds: z.number().int().optional(),
});

export const SECOND_FACTOR_METHODS = ['SMS', 'EMAIL', 'BANK_NAME', 'TOTP'] as const;
export const secondFactorMethod = z.enum(SECOND_FACTOR_METHODS);
export type SecondFactorMethod = z.infer<typeof secondFactorMethod>;

/** The value of LOGIN_VERIFICATION_REQUIRED (403): the password was right, the IP is new. */
export const loginChallengeValue = z.object({
  challengeId: z.string(),
  methods: z.array(secondFactorMethod),
  /** Masked destinations, so the member knows where the code goes. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeValue>;

/** POST /wps/session/login/verification/send (N): send the code of an SMS or EMAIL second factor. */
export const loginVerificationSendBody = z.object({
  challengeId: z.string().min(20).max(128),
  method: z.enum(['SMS', 'EMAIL']),
});
export const loginVerificationSendValue = z.object({ expiredMinutes: z.number().int() });
export const loginVerificationSendResponse = envelopeOf(loginVerificationSendValue);

/** POST /wps/session/login/verification (N, E): the code, the bank account name or the TOTP code. */
export const loginVerificationBody = z.object({
  challengeId: z.string().min(20).max(128),
  method: secondFactorMethod,
  answer: z.string().trim().min(1).max(255),
});

/** POST /wps/session/login/freeplay (N): a trial (type 4) player when FREEPLAY3 is on. */
export const freeplayBody = z
  .object({
    os: z.string().max(32).optional(),
    platform: z.string().max(8).optional(),
    Encryption: z.union([z.string().max(64), z.boolean(), z.number()]).optional(),
    gatewayVersion: z.union([z.string().max(8), z.number()]).optional(),
    language: z.string().max(8).optional(),
  })
  .default({});

/** GET /wps/session/loginInfo (T): the login state the header and guards read. */
export const loginInfoValue = z.object({
  isLogin: z.literal(true),
  /** The session keys of spec section 3: customerId is member.id, account/nickname come from member. */
  merchantCode: z.string(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  firstTimeLogin: z.boolean(),
  forceChangePassword: z.boolean(),
  expiresAt: z.string(),
  idleMinutes: z.number().int(),
  member: memberInfo,
});
export const loginInfoResponse = envelopeOf(loginInfoValue);

/** GET /wps/captcha (N): value is the PNG as base64 (no data: prefix); the id is in a cookie and `x-captcha-id`. */
export const captchaResponse = envelopeOf(z.string());

export const emptyValueResponse = envelopeOf(z.null());

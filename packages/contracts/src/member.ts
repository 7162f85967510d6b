import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { LANGUAGES } from './languages';

/** Member, registration and password calls (spec section 7, "Session, verification and account"). */
export const MEMBER_PATHS = {
  info: '/wps/member/info',
  icon: '/wps/member/info/icon',
  consolidated: '/wps/member/info/funds/consolidated',
  register: '/wps/member/register',
  registerMobile: '/wps/member/register/mobile',
  /** "set-register": what the register popup needs to build itself for this merchant. */
  registerSetting: '/wps/member/register/setting',
  firstLogin: '/wps/member/firstLogin',
  changePassword: '/wps/member/password',
  forgotByEmail: '/wps/member/password/email',
  resetByEmailToken: '/wps/member/password/reset',
  resetByPhone: '/wps/member/password/verification',
  affiliate: '/wps/agent/affiliate',
} as const;

/** Member types (spec section 3): 0 member, 4 trial, 1/2/41/42 agents. */
export const memberType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(41), z.literal(42)]);
export type MemberType = z.infer<typeof memberType>;

/** Geetest fields the spec's forms send; accepted and ignored (the captcha here is our own). */
export const geetestFields = {
  lot_number: z.string().max(256).optional(),
  captcha_output: z.string().max(4096).optional(),
  pass_token: z.string().max(512).optional(),
  gen_time: z.string().max(32).optional(),
  captcha_id: z.string().max(128).optional(),
  geetest_challenge: z.string().max(256).optional(),
  geetest_validate: z.string().max(256).optional(),
  geetest_seccode: z.string().max(256).optional(),
};

/** Captcha answer and, for clients without cookies, the id from the `x-captcha-id` header of GET /wps/captcha. */
export const captchaFields = {
  captcha: z.string().trim().max(16).optional(),
  captchaId: z.string().max(64).optional(),
};

/**
 * GET /wps/member/info (T): member info and state in one value (spec section 3). `balance` is
 * the real-money wallet balance; a trial player's play money is never part of it: that is
 * `trialBalance`, which the header shows in trial play (the figure the games show).
 */
export const memberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: memberType,
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  isLogin: z.literal(true),
  firstTimeLogin: z.boolean(),
  language: z.enum(LANGUAGES),
  currency: z.string(),
  currencySymbol: z.string(),
  balance: moneyString,
  /** Play money of a trial (type 4) account; "0.00" for everyone else. */
  trialBalance: moneyString,
  unreadMessage: z.number().int(),
  availablePromoCount: z.number().int(),
  availablePromo: z.object({ REFERRAL: z.object({ enabled: z.boolean() }) }),
  hasVip: z.boolean(),
  vipLabelName: z.string().nullable(),
  vipRankLevel: z.number().int().nullable(),
  iconId: z.number().int(),
  /** Masked ("+880******678"), or null when none is on file. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** Agents only: the invitation code downlines register with. */
  affiliateCode: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type MemberInfo = z.infer<typeof memberInfo>;
export const memberInfoResponse = envelopeOf(memberInfo);

/** Preset avatars 1..ICON_COUNT; the web has an image per id. */
export const ICON_COUNT = 12;
export const memberIconValue = z.object({ iconId: z.number().int().min(1).max(ICON_COUNT) });
export const memberIconResponse = envelopeOf(memberIconValue);
export const setMemberIconBody = memberIconValue;

/** GET /wps/member/info/funds/consolidated (T, real members): which agent contract types apply. */
export const consolidatedValue = z.object({
  dailysalreqtype: z.boolean(),
  divtypereq: z.boolean(),
  contracthoursalreq: z.boolean(),
  realtimesalreqtype: z.boolean(),
});
export const consolidatedResponse = envelopeOf(consolidatedValue);

/** One refused field; `message` is the patternId translation with min and max substituted. */
export const fieldError = z.object({
  field: z.string(),
  patternId: z.string().nullable(),
  reason: z.enum(['required', 'length', 'pattern', 'mismatch', 'taken', 'invalid']),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldError>;
/** The value of a VALIDATION_FAILED answer from register, password and profile calls. */
export const fieldErrorsValue = z.object({ fields: z.array(fieldError) });

const optionalText = (max: number) => z.string().trim().max(max).optional();

/**
 * PUT /wps/member/register and /wps/member/register/mobile (N, E). Every field is checked
 * against the merchant's rules (GET /wps/system/setting/register); hidden fields are ignored.
 * In the mobile variant the username is the mobile number.
 */
export const registerBody = z.object({
  username: optionalText(64),
  password: z.string().max(128).optional(),
  confirmPassword: z.string().max(128).optional(),
  payeeName: optionalText(100),
  email: optionalText(254),
  qqNum: optionalText(64),
  mobileNum: optionalText(20),
  countryDialingCode: optionalText(6),
  recommenderId: optionalText(64),
  verificationCode: z.string().trim().max(255).optional(),
  affiliateCode: optionalText(64),
  referralCode: optionalText(64),
  paymentPassword: z.string().max(64).optional(),
  line: optionalText(64),
  whatsapp: optionalText(64),
  facebook: optionalText(128),
  wechat: optionalText(64),
  idNumber: optionalText(64),
  birthday: optionalText(10),
  domain: optionalText(253),
  registerUrl: optionalText(2048),
  registerMethod: z.string().max(16).optional(),
  /** Terms and the 18+ declaration; must be true (TERMS_REQUIRED otherwise). */
  acceptTerms: z.boolean().optional(),
  /** The web always sends true: answer with a session as if the member had logged in. */
  login: z.boolean().optional(),
  remember: z.boolean().optional(),
  /** Sent when an external phone-auth provider verified the number; not supported here (refused). */
  firebaseChannel: z.string().max(16).optional(),
  firebaseIdToken: z.string().max(4096).optional(),
  ...captchaFields,
  ...geetestFields,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** GET /wps/member/register/setting (N): everything the register popup decides from. */
export const registerSettingValue = z.object({
  /** 'registerMobile' when MOBILENUMREG3 is on, else 'register' (spec section 2). */
  defaultType: z.enum(['register', 'registerMobile']),
  /** REGMOBVERF3: an SMS code is required. */
  smsCodeRequired: z.boolean(),
  /** MOBILENUMPASSREG3: the mobile variant asks for a password too. */
  mobilePasswordRequired: z.boolean(),
  captchaRequired: z.boolean(),
  termsPath: z.literal('/help#term'),
  minimumAge: z.number().int(),
  fields: z.array(
    z.object({
      field: z.string(),
      acceptedPattern: z.string(),
      minLength: z.number().int(),
      maxLength: z.number().int(),
      patternId: z.string(),
      shown: z.boolean(),
      required: z.boolean(),
    }),
  ),
});
export const registerSettingResponse = envelopeOf(registerSettingValue);

/** POST /wps/member/password (T, E). */
const newPasswordFields = {
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().min(1).max(128),
};
export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(128),
  ...newPasswordFields,
});

/** /wps/member/password/email (N, form-encoded): always the same answer, whether or not the pair exists. */
export const forgotByEmailBody = z.object({
  username: z.string().trim().min(1).max(64),
  email: z.string().trim().min(3).max(254),
  ...captchaFields,
});
export const forgotByEmailValue = z.object({ expiredMinutes: z.number().int() });
export const forgotByEmailResponse = envelopeOf(forgotByEmailValue);

/** POST /wps/member/password/reset (N, E): the link of the forgot-by-email message (`?resetToken=`). */
export const resetByEmailTokenBody = z.object({
  token: z.string().min(20).max(128),
  ...newPasswordFields,
});

/** POST /wps/member/password/verification (N, E): set a password with an SMS code (purpose noLogin). */
export const resetByPhoneBody = z.object({
  mobileNum: z.string().trim().min(4).max(20),
  countryDialingCode: z.string().trim().max(6).optional(),
  verificationCode: z.string().trim().min(1).max(255),
  newPassword: z.string().min(1).max(128),
  confirmNewPassword: z.string().max(128).optional(),
});
/** The account whose password was set; the web then logs in with it (spec: "auto login"). */
export const passwordResetValue = z.object({ userName: z.string() });
export const passwordResetResponse = envelopeOf(passwordResetValue);

/** GET /wps/agent/affiliate (N): is this invitation code an agent of this merchant? */
export const affiliateQuery = z.object({
  code: z.string().trim().min(1).max(64),
  domain: z.string().trim().max(253).optional(),
});
export const affiliateValue = z.object({ valid: z.literal(true), code: z.string(), agentNickname: z.string() });
export const affiliateResponse = envelopeOf(affiliateValue);

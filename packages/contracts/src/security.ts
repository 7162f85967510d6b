import { z } from 'zod';
import { paymentPasswordField } from './cashier';
import { envelopeOf } from './envelope';
import { recordId, recordIdParam } from './ids';

/**
 * Security centre (member centre page securityCenter): real members only; trial players get
 * TRIAL_FORBIDDEN. Bindings (mobile, e-mail, bank account, full name, birthday, TOTP) cannot
 * be undone once confirmed (spec section 4, "Account bind").
 */
export const SECURITY_PATHS = {
  overview: '/wps/member/security',
  /** Same call as POST /wps/member/password; listed here for the security centre page. */
  loginPassword: '/wps/member/password',
  paymentPassword: '/wps/member/security/paymentPassword',
  bindMobile: '/wps/member/security/mobile',
  bindEmail: '/wps/member/security/email',
  bankAccounts: '/wps/member/security/bankAccounts',
  confirmBankAccount: '/wps/member/security/bankAccounts/confirm',
  profile: '/wps/member/security/profile',
  totpSetup: '/wps/member/security/totp/setup',
  totp: '/wps/member/security/totp',
} as const;

export const MINIMUM_AGE_BIRTHDAY = 21;
export const MAX_BANK_ACCOUNTS = 5;

export const securityOverviewValue = z.object({
  account: z.string(),
  hasLoginPassword: z.boolean(),
  passwordChangedAt: z.string(),
  hasPaymentPassword: z.boolean(),
  mobile: z.object({ masked: z.string().nullable(), verified: z.boolean() }),
  email: z.object({ masked: z.string().nullable(), verified: z.boolean() }),
  bankAccountCount: z.number().int(),
  boundBankAccountCount: z.number().int(),
  totpEnabled: z.boolean(),
  fullNameSet: z.boolean(),
  birthdaySet: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export const securityOverviewResponse = envelopeOf(securityOverviewValue);

/**
 * POST /wps/member/security/paymentPassword (T, E). `oldPaymentPassword` is required when one
 * is already set; the first time, the login password confirms the member instead.
 */
export const paymentPasswordBody = z.object({
  oldPaymentPassword: z.string().max(64).optional(),
  loginPassword: z.string().max(128).optional(),
  newPaymentPassword: z.string().min(1).max(64),
  confirmPaymentPassword: z.string().min(1).max(64),
});

/** POST /wps/member/security/mobile (T, E): code from POST /wps/verification/sms/bind. */
export const bindMobileBody = z.object({
  countryDialingCode: z.string().trim().max(6).optional(),
  mobileNo: z.string().trim().min(4).max(20),
  verificationCode: z.string().trim().min(1).max(255),
});

/** POST /wps/member/security/email (T, E): code from POST /wps/verification/email/bind. */
export const bindEmailBody = z.object({
  email: z.string().trim().min(3).max(254),
  verificationCode: z.string().trim().min(1).max(255),
});

export const bankAccount = z.object({
  id: z.number().int(),
  accountName: z.string(),
  /** Masked except the last four digits. */
  accountNumber: z.string(),
  bankName: z.string(),
  branch: z.string().nullable(),
  isBound: z.boolean(),
  createdAt: z.string(),
});
export const bankAccountsResponse = envelopeOf(z.array(bankAccount));
export const bankAccountResponse = envelopeOf(bankAccount);

/** POST /wps/member/security/bankAccounts (T, E): added unbound; removable until confirmed. */
export const addBankAccountBody = z.object({
  accountName: z.string().trim().min(2).max(100),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9 -]{6,34}$/),
  bankName: z.string().trim().min(2).max(100),
  branch: z.string().trim().max(100).optional(),
});

/** POST /wps/member/security/bankAccounts/confirm (T, E): binds it for good; needs the payment password. */
export const confirmBankAccountBody = z.object({
  id: recordId,
  paymentPassword: paymentPasswordField,
});

/** DELETE /wps/member/security/bankAccounts?id= (T): only an unbound account. */
export const deleteBankAccountQuery = z.object({ id: recordIdParam });

export const memberProfile = z.object({
  nickname: z.string(),
  fullName: z.string().nullable(),
  telegram: z.string().nullable(),
  zalo: z.string().nullable(),
  /** yyyy-MM-dd */
  birthday: z.string().nullable(),
  address: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  sourceOfIncome: z.string().nullable(),
  placeOfBirth: z.string().nullable(),
});
export const memberProfileResponse = envelopeOf(memberProfile);

const profileText = (max: number) => z.string().trim().max(max).optional();

/**
 * PUT /wps/member/security/profile (T): only the fields sent change. Full name and birthday are
 * set once (a binding); the birthday must make the member at least 21 (BIRTHDAY_UNDER_21).
 */
export const updateProfileBody = z.object({
  nickname: z.string().trim().min(1).max(32).optional(),
  fullName: profileText(100),
  telegram: profileText(64),
  zalo: profileText(64),
  birthday: profileText(10),
  address: profileText(200),
  nationality: profileText(64),
  occupation: profileText(64),
  sourceOfIncome: profileText(100),
  placeOfBirth: profileText(100),
});

/** POST /wps/member/security/totp/setup (T): a new secret to scan; not active until confirmed. */
export const totpSetupValue = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpSetupResponse = envelopeOf(totpSetupValue);
/** POST /wps/member/security/totp (T, E): confirm with a current code; enables TOTP for good. */
export const totpConfirmBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

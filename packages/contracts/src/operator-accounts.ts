import { z } from 'zod';
import { envelopeOf } from './envelope';
import { recordId, recordIdParam } from './ids';
import { pageFields } from './paging';

/** Operator accounts, sessions, audit log and manual adjustments (the back office, apps/admin). */
export const OPERATOR_ACCOUNT_PATHS = {
  session: '/admin-api/session',
  audit: '/admin-api/audit',
  adjustments: '/admin-api/wallet/adjustments',
  depositProof: '/admin-api/cashier/deposits/:id/proof',
  totpSetup: '/admin-api/session/totp/setup',
  totp: '/admin-api/session/totp',
} as const;

export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
export type OperatorRoleName = (typeof OPERATOR_ROLES)[number];

/** What each role may do; the server checks the same table on every route. */
export const OPERATOR_PERMISSIONS = {
  /** Lists, details, audit log. */
  read: ['admin', 'finance', 'support'],
  /** Approve or reject deposits and withdrawals, manual adjustments. */
  money: ['admin', 'finance'],
  /** Merchant controls, flags, registration rules, agent contracts, settlement. */
  settings: ['admin'],
} as const satisfies Record<string, readonly OperatorRoleName[]>;
export type OperatorPermission = keyof typeof OPERATOR_PERMISSIONS;

export function roleMay(role: OperatorRoleName, permission: OperatorPermission): boolean {
  return (OPERATOR_PERMISSIONS[permission] as readonly OperatorRoleName[]).includes(role);
}

/**
 * POST /admin-api/session. After a few failures of the name (or of the IP) the answer's
 * value.captcha is true and the next try needs a captcha from GET /wps/captcha (its id in the
 * `x-captcha-id` header or the cookie, or sent back as captchaId).
 */
export const operatorLoginBody = z.object({
  username: z.string().trim().min(3).max(40),
  password: z.string().min(1).max(128),
  captcha: z.string().trim().max(16).optional(),
  captchaId: z.string().max(64).optional(),
  /** The authenticator's 6 digits, once the operator enrolled one (LOGIN_VERIFICATION_REQUIRED with value.totp until sent). */
  totpCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
});

/** POST /admin-api/session/totp/setup: a new secret to scan (otpauth URI) or type; it counts once a code from it is confirmed. */
export const operatorTotpSetupValue = z.object({ secret: z.string(), otpauthUri: z.string() });
export const operatorTotpSetupResponse = envelopeOf(operatorTotpSetupValue);
/** POST /admin-api/session/totp: the first code from the new secret turns the second factor on. */
export const operatorTotpEnableBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The 6 digits the authenticator shows'),
});

export const operatorMeValue = z.object({
  id: z.number().nullable(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** Null: every merchant. */
  merchantCode: z.string().nullable(),
  /** When this session ends (null for the bootstrap token). */
  expiresAt: z.string().nullable(),
  /** The operator proves a TOTP code at login. */
  hasTotp: z.boolean(),
  /** Admin or finance without an authenticator: this session may only enrol one (then everything opens). */
  mustEnrolTotp: z.boolean(),
});
export type OperatorMe = z.infer<typeof operatorMeValue>;
export const operatorMeResponse = envelopeOf(operatorMeValue);

export const operatorLoginValue = operatorMeValue.extend({ token: z.string() });
export type OperatorLoginValue = z.infer<typeof operatorLoginValue>;
export const operatorLoginResponse = envelopeOf(operatorLoginValue);
export const operatorLogoutResponse = envelopeOf(z.null());

export const auditQuery = z.object({
  ...pageFields(),
  action: z.string().max(60).optional(),
  operator: z.string().max(40).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(60).optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntryValue = z.object({
  id: z.number(),
  operatorId: z.number().nullable(),
  operatorName: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  memberId: z.number().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryValue = z.infer<typeof auditEntryValue>;
export const auditPageValue = z.object({
  list: z.array(auditEntryValue),
  total: z.number(),
  pageNo: z.number(),
  pageSize: z.number(),
});
export type AuditPageValue = z.infer<typeof auditPageValue>;
export const auditPageResponse = envelopeOf(auditPageValue);

/** Signed decimal with at most two places and not zero: "+150", "-20.5", "1000.00". */
export const signedAmountInput = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,12}(\.\d{1,2})?$/, 'A signed amount with at most two decimals, e.g. 150.00 or -20.50')
  .refine((value) => !/^[+-]?0+(\.0+)?$/.test(value), 'The amount must not be zero');

export const adjustmentBody = z
  .object({
    memberId: recordId.optional(),
    username: z.string().trim().min(1).max(40).optional(),
    /** Which merchant the username belongs to; default: the operator's merchant, else the default one. */
    merchantCode: z.string().max(40).optional(),
    account: z.enum(['cash', 'bonus']),
    amount: signedAmountInput,
    reason: z.string().trim().min(3).max(500),
    idempotencyKey: z.string().trim().min(8).max(100),
  })
  .refine((body) => body.memberId !== undefined || body.username !== undefined, {
    message: 'memberId or username is required',
    path: ['username'],
  });
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

export const adjustmentValue = z.object({
  id: z.number(),
  memberId: z.number(),
  username: z.string(),
  account: z.enum(['cash', 'bonus']),
  amount: z.string(),
  reason: z.string(),
  /** The member's balance of that account after the adjustment. */
  balanceAfter: z.string(),
  ledgerTransferId: z.number(),
  operatorName: z.string(),
  createdAt: z.string(),
  /** True when this idempotency key was seen before and nothing moved this time. */
  isReplay: z.boolean(),
});
export type AdjustmentValue = z.infer<typeof adjustmentValue>;
export const adjustmentResponse = envelopeOf(adjustmentValue);

/** A rejection must say why: the member reads the reason and the audit log keeps it. */
export const operatorRejectBody = z.object({ note: z.string().trim().min(3).max(200) });

// Operator management (admin role)
export const OPERATOR_MANAGEMENT_PATHS = {
  operators: '/admin-api/operators',
  operator: '/admin-api/operators/:id',
} as const;

export const OPERATOR_STATUSES = ['ACTIVE', 'DISABLED'] as const;

export const operatorAccountValue = z.object({
  id: z.number(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(OPERATOR_STATUSES),
  merchantCode: z.string().nullable(),
  isLocked: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** An authenticator is enrolled (TOTP at login). */
  hasTotp: z.boolean(),
  /** Empty: any address. */
  allowedIps: z.array(z.string()),
});
export type OperatorAccountValue = z.infer<typeof operatorAccountValue>;
export const operatorAccountResponse = envelopeOf(operatorAccountValue);
export const operatorAccountsResponse = envelopeOf(z.array(operatorAccountValue));

/**
 * Back-office passwords: long enough that the lockout, not luck, decides, and not one kind of
 * character only (letters and at least one digit or symbol), so a dictionary word padded to ten
 * letters is refused.
 */
export const operatorPassword = z
  .string()
  .min(10)
  .max(128)
  .refine((value) => /[A-Za-z]/.test(value) && /[^A-Za-z]/.test(value), 'Letters and at least one digit or symbol')
  .refine((value) => new Set(value).size >= 5, 'At least five different characters');

export const createOperatorBody = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{3,40}$/, '3 to 40 letters, digits, dot, dash or underscore'),
  password: operatorPassword,
  role: z.enum(OPERATOR_ROLES),
  /** Null or absent: every merchant. */
  merchantCode: z.string().max(40).nullable().optional(),
});

export const updateOperatorBody = z
  .object({
    role: z.enum(OPERATOR_ROLES),
    status: z.enum(OPERATOR_STATUSES),
    /** A new password ends the operator's sessions. */
    password: operatorPassword,
    /** Clears a lockout after wrong passwords. */
    unlock: z.literal(true),
    /** Only these IPs may log in and call as this operator; null or [] lifts the restriction. */
    allowedIps: z
      .array(z.union([z.ipv4(), z.ipv6()]))
      .max(20)
      .nullable(),
    /** A lost authenticator: the operator enrols a new one at the next login (its sessions end). */
    resetTotp: z.literal(true),
  })
  .partial()
  // An empty body changes nothing; it used to reach an UPDATE with no column and answer 500.
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export const operatorIdParams = z.object({ id: recordIdParam });

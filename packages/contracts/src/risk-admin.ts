import { z } from 'zod';
import { envelopeOf } from './envelope';

/**
 * The back office's risk desk (issue 19, "Risk"): rules flag accounts (shared device, IP, bank
 * account or phone; many accounts from one IP in a day; deposit then withdraw with little play;
 * both sides of an even-chance bet), a queue lists the flags, an operator confirms or dismisses
 * each with a note. While a member has an OPEN flag their withdrawals wait for that review.
 */
export const RISK_ADMIN_PATHS = {
  /** GET: the flags queue, newest first, keyset-paged (?status=&rule=&member=&before=). */
  flags: '/admin-api/merchants/:code/risk/flags',
  /** POST { outcome, note }: the review of one flag. */
  flagReview: '/admin-api/merchants/:code/risk/flags/:id/review',
  /** POST: run the rules now (the job runs them every few minutes). */
  scan: '/admin-api/merchants/:code/risk/scan',
} as const;

export const RISK_RULES = [
  'SHARED_DEVICE',
  'SHARED_IP',
  'SHARED_BANK_ACCOUNT',
  'SHARED_PHONE',
  'MANY_ACCOUNTS_ONE_IP',
  'DEPOSIT_WITHDRAW_LOW_PLAY',
  'BOTH_SIDES',
] as const;
export type RiskRule = (typeof RISK_RULES)[number];
export const RISK_SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export const RISK_FLAG_STATUSES = ['OPEN', 'CONFIRMED', 'DISMISSED'] as const;
export const RISK_PAGE_SIZE = 50;

export const riskFlagsQuery = z.object({
  status: z.enum(RISK_FLAG_STATUSES).optional(),
  rule: z.enum(RISK_RULES).optional(),
  /** A member's username. */
  member: z.string().trim().min(1).max(64).optional(),
  /** Keyset: flags with a smaller id. */
  before: z.coerce.number().int().positive().optional(),
});
export type RiskFlagsQuery = z.infer<typeof riskFlagsQuery>;

export const riskFlagValue = z.object({
  id: z.number(),
  memberId: z.number(),
  username: z.string(),
  rule: z.enum(RISK_RULES),
  severity: z.enum(RISK_SEVERITIES),
  evidence: z.string(),
  detail: z.record(z.string(), z.unknown()),
  status: z.enum(RISK_FLAG_STATUSES),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type RiskFlagValue = z.infer<typeof riskFlagValue>;
export const riskFlagsResponse = envelopeOf(
  z.object({ items: z.array(riskFlagValue), nextBefore: z.number().nullable(), openCount: z.number() }),
);
export const riskFlagResponse = envelopeOf(riskFlagValue);

export const reviewRiskFlagBody = z.object({
  outcome: z.enum(['CONFIRMED', 'DISMISSED']),
  note: z.string().trim().min(3).max(500),
});
export type ReviewRiskFlagBody = z.infer<typeof reviewRiskFlagBody>;

export const riskScanResponse = envelopeOf(z.object({ flagged: z.number() }));
export const riskMerchantParams = z.object({ code: z.string().max(40) });
export const riskFlagParams = z.object({ code: z.string().max(40), id: z.coerce.number().int().positive() });

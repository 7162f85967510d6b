import { z } from 'zod';
import { recordIdParam } from './ids';
import { pageFields } from './paging';
import { amountInput, amountOutput } from './wallet';

/* The agent programme's vocabulary (contract types, terms, bills) and the query pieces its calls share; conventions in ./agent.ts. */

// ---------------------------------------------------------------------------------------------
// Vocabulary

export const CONTRACT_TYPES = ['DIVIDEND', 'DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];
export const contractType = z.enum(CONTRACT_TYPES);

/**
 * PENDING offered, waiting for the downline; ACTIVE accepted; REJECTED by the downline;
 * TERMINATED by either side, by the operator, or automatically (see terminationReason);
 * REPLACED when the downline accepted a newer contract of the same type; WITHDRAWN when the
 * offerer cancelled a pending offer.
 */
export const CONTRACT_STATUSES = ['PENDING', 'ACTIVE', 'REJECTED', 'TERMINATED', 'REPLACED', 'WITHDRAWN'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export const TERMINATION_REASONS = [
  'BY_UPLINE',
  'BY_DOWNLINE',
  'BY_OPERATOR',
  /** The upline accepted lower terms and agreed that downline contracts above them end. */
  'UPLINE_TERMS_LOWERED',
  /** The upline's own contract of this type ended, so nothing can fund this one. */
  'UPLINE_CONTRACT_ENDED',
] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];

/** Dividend periods (spec section 4). Salaries have fixed periods: DAILY, HOURLY, FIVE_MINUTES. */
export const DIVIDEND_PERIODS = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export const CONTRACT_PERIODS = ['FIVE_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

/**
 * What a salary's rate applies to (docs/agent-contracts.md "Bases"):
 *   VALID_BET  the team's valid bet (settled bets only)           standard salary, real-time salary
 *   LOSS_RATE  the team's net loss (stakes - payouts), when > 0   "loss-rate salary"
 *   WIN_RATE   the team's net win (payouts - stakes), when > 0    "win-rate salary"
 *   NET_LOSS   dividends: the team's net loss, with carry-over of negative periods per merchant
 */
export const CONTRACT_BASES = ['VALID_BET', 'LOSS_RATE', 'WIN_RATE', 'NET_LOSS'] as const;
export type ContractBasis = (typeof CONTRACT_BASES)[number];

export const MAX_RATE_BPS = 10_000;
export const MAX_CONTRACT_TIERS = 20;

/**
 * One tier: reached when the team's period valid bet >= minValidBet AND active members >=
 * minActiveMembers. The highest-paying reached tier applies. A tier pays either rateBps of the
 * basis or a fixedAmount (salaries only); all tiers of one contract use the same kind.
 */
export const contractTierInput = z
  .object({
    minValidBet: amountInput({ allowZero: true }),
    minActiveMembers: z.number().int().min(0).max(1_000_000),
    rateBps: z.number().int().min(0).max(MAX_RATE_BPS).optional(),
    fixedAmount: amountInput().optional(),
  })
  .refine((tier) => (tier.rateBps === undefined) !== (tier.fixedAmount === undefined), {
    message: 'exactly one of rateBps and fixedAmount',
  });
export const contractTierValue = z.object({
  minValidBet: amountOutput,
  minActiveMembers: z.number().int(),
  rateBps: z.number().int().nullable(),
  fixedAmount: amountOutput.nullable(),
});
export type ContractTierValue = z.infer<typeof contractTierValue>;

/**
 * Terms of one contract. `period` must be DAILY for DAILY_SALARY, HOURLY for HOURLY_SALARY,
 * FIVE_MINUTES for REALTIME_SALARY and one of DIVIDEND_PERIODS for DIVIDEND; `basis` must be
 * NET_LOSS for DIVIDEND, VALID_BET for REALTIME_SALARY, any of VALID_BET/LOSS_RATE/WIN_RATE
 * for the other salaries. Omitted: the type's default period and basis.
 * activeMemberMinBet: a team member is "active" in a period when one settled bet (round) of
 * theirs is at least this much (the spec's "single betting" minimum).
 */
export const contractTermsInput = z.object({
  period: z.enum(CONTRACT_PERIODS).optional(),
  basis: z.enum(CONTRACT_BASES).optional(),
  activeMemberMinBet: amountInput({ allowZero: true }).optional(),
  tiers: z.array(contractTierInput).min(1).max(MAX_CONTRACT_TIERS),
});
export type ContractTermsInput = z.infer<typeof contractTermsInput>;

export const contractTermsValue = z.object({
  period: z.enum(CONTRACT_PERIODS),
  basis: z.enum(CONTRACT_BASES),
  activeMemberMinBet: amountOutput,
  tiers: z.array(contractTierValue),
});

export const contractValue = z.object({
  id: z.number().int(),
  type: contractType,
  status: z.enum(CONTRACT_STATUSES),
  terminationReason: z.enum(TERMINATION_REASONS).nullable(),
  /** Null: the platform (a top-level contract). */
  offererId: z.number().int().nullable(),
  offererUsername: z.string().nullable(),
  memberId: z.number().int(),
  memberUsername: z.string(),
  terms: contractTermsValue,
  /** The highest rate of any tier, for lists (bp). Null for fixed-amount contracts. */
  maxRateBps: z.number().int().nullable(),
  offeredAt: z.string().datetime(),
  respondedAt: z.string().datetime().nullable(),
  endedAt: z.string().datetime().nullable(),
});
export type ContractValue = z.infer<typeof contractValue>;

export const BILL_STATUSES = ['PAID', 'PARTIAL', 'UNPAID', 'NIL'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** One settlement of one contract for one period. Visible to payee and payer (and their uplines). */
export const billValue = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  type: contractType,
  periodKey: z.string(),
  periodStart: z.string().datetime(),
  periodEnd: z.string().datetime(),
  payeeId: z.number().int(),
  payeeUsername: z.string(),
  /** Null: the platform paid. */
  payerId: z.number().int().nullable(),
  payerUsername: z.string().nullable(),
  validBet: amountOutput,
  /** Stakes - payouts of the team's settled bets (negative: the team won). */
  netLoss: amountOutput,
  activeMembers: z.number().int(),
  /** Index into the contract's tiers, null when no tier was reached. */
  tierIndex: z.number().int().nullable(),
  rateBps: z.number().int().nullable(),
  /** Dividend only: negative result carried in from the previous period and out to the next. */
  carryIn: amountOutput,
  carryOut: amountOutput,
  amountDue: amountOutput,
  amountPaid: amountOutput,
  status: z.enum(BILL_STATUSES),
  settledAt: z.string().datetime(),
});
export type BillValue = z.infer<typeof billValue>;

// ---------------------------------------------------------------------------------------------
// Shared query pieces

export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** Date presets of the agent centre; resolved in the merchant's time zone. */
export const DATE_PRESETS = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'LAST_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'LAST_7_DAYS',
  'LAST_30_DAYS',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const MAX_REPORT_RANGE_DAYS = 92;

/** Either a preset or startDate+endDate (inclusive). Neither: TODAY. */
export const periodQuery = z.object({
  preset: z.enum(DATE_PRESETS).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
});
export const pageQuery = z.object({
  ...pageFields(),
});
export const resolvedPeriodValue = z.object({ startDate: day, endDate: day, from: z.string().datetime(), to: z.string().datetime() });
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });
/** An opaque keyset position a cursor-paged list hands out as `nextCursor`. */
export const pageCursor = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);
/**
 * A page of a list too big to count or to page by OFFSET (an agent's team, its ledger entries):
 * the next page is asked for with `cursor` = this page's `nextCursor` (null: no more rows); `total`
 * is counted up to 10,000 on the first page and null on the following ones.
 */
export const cursorPaged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nullable(),
    nextCursor: z.string().nullable(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });

export const memberIdParams = z.object({ memberId: recordIdParam });
export const idParams = z.object({ id: recordIdParam });

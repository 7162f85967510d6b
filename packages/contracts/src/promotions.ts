import { z } from 'zod';
import { envelopeOf } from './envelope';
import { recordIdParam } from './ids';
import { amountInput, amountOutput } from './wallet';

/*
 * Promotions (issue 14): operator-made offers, the awards they pay, and the turnover
 * requirements every bonus and every deposit adds. Money is a two-decimal string on the wire
 * (minor units on the server); percentages and turnover multiples are integer basis points
 * (7000 = 70 %, 100000 = 10x), never floats. docs/promotions.md has the route list.
 */

export { PROMOTION_PATHS } from './promotion-paths';

export const OPERATOR_PROMOTION_PATHS = {
  list: '/admin-api/promotions',
  create: '/admin-api/promotions',
  detail: '/admin-api/promotions/:id',
  update: '/admin-api/promotions/:id',
  preview: '/admin-api/promotions/:id/preview',
  publish: '/admin-api/promotions/:id/publish',
  pause: '/admin-api/promotions/:id/pause',
  end: '/admin-api/promotions/:id/end',
  awards: '/admin-api/promotion-awards',
  requirements: '/admin-api/turnover-requirements',
  waive: '/admin-api/turnover-requirements/:id/waive',
  expectedCost: '/admin-api/promotions/expected-cost',
  settings: '/admin-api/promotion-settings',
} as const;

export const PROMOTION_KINDS = ['FIRST_DEPOSIT', 'RELOAD', 'RED_ENVELOPE', 'RAFFLE', 'REFERRAL', 'ACTIVITY'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
export const PROMOTION_STATUSES = ['DRAFT', 'LIVE', 'PAUSED', 'ENDED'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];
export const CLAIM_MODES = ['AUTOMATIC', 'CLAIM', 'APPLICATION'] as const;
export type ClaimMode = (typeof CLAIM_MODES)[number];
export const LIMIT_PERIODS = ['NONE', 'DAY', 'WEEK', 'MONTH'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const AWARD_STATUSES = ['CREDITED', 'FORFEITED', 'EXPIRED'] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];
/** What made a requirement: a credited deposit, a promotion's award, or loyalty cash (points conversion, rebate, mission reward). */
export const REQUIREMENT_SOURCES = ['DEPOSIT', 'PROMOTION', 'POINTS', 'REBATE', 'MISSION'] as const;
export type RequirementSource = (typeof REQUIREMENT_SOURCES)[number];
export const REQUIREMENT_STATUSES = ['ACTIVE', 'MET', 'WAIVED', 'FORFEITED', 'EXPIRED'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
/** The spec's activity statuses (section 3), as the member list shows each promotion. */
export const ACTIVITY_STATUSES = ['Join', 'Claim', 'Applying', 'Close', 'Rejected', 'Issued', 'Claimed', 'Process', 'Joined'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** 10000 basis points = 100 % = 1x. */
export const BASIS_POINTS = 10_000;
/** Largest turnover multiple an operator may set (100x). */
export const MAX_TURNOVER_BP = 1_000_000;

/** "70" / "12.5" / "10": basis points as the percentage or multiple people read. */
export function formatBasisPoints(basisPoints: number, unit: 'percent' | 'multiple'): string {
  const value = unit === 'percent' ? basisPoints / 100 : basisPoints / BASIS_POINTS;
  return String(Math.round(value * 100) / 100);
}

const text = (max: number) => z.string().trim().min(1).max(max);
export const localisedTextInput = (max: number) => z.object({ BN: text(max), EN: text(max), SW: text(max) });
export const localisedTextOutput = z.object({ BN: z.string(), EN: z.string(), SW: z.string() });

export const audience = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ALL') }),
  /** Members who registered at most `days` days before the award. */
  z.object({ kind: z.literal('NEW_MEMBERS'), days: z.number().int().min(1).max(3650) }),
  /** VIP levels (a member without a VIP level is level 0). */
  z.object({ kind: z.literal('VIP_LEVELS'), levels: z.array(z.number().int().min(0).max(100)).min(1).max(100) }),
  /** Members anywhere below one of these agents. */
  z.object({ kind: z.literal('AGENT_DOWNLINES'), agentIds: z.array(z.number().int().positive()).min(1).max(100) }),
]);
export type Audience = z.infer<typeof audience>;

export const prizeInput = z.object({
  amount: amountInput(),
  weight: z.number().int().min(1).max(1_000_000),
  /** Prizes of this line that may be drawn per period; null: unlimited. */
  stockPerPeriod: z.number().int().min(0).max(10_000_000).nullable(),
});
export const prizeOutput = z.object({ amount: amountOutput, weight: z.number(), stockPerPeriod: z.number().nullable() });

export const rewardRuleInput = z.discriminatedUnion('kind', [
  /** A share of the qualifying amount (the deposit), capped. */
  z.object({ kind: z.literal('PERCENT'), percentBp: z.number().int().min(1).max(1_000_000), cap: amountInput() }),
  z.object({ kind: z.literal('FIXED'), amount: amountInput() }),
  z.object({ kind: z.literal('PRIZE_TABLE'), prizes: z.array(prizeInput).min(1).max(50) }),
]);
export const rewardRuleOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PERCENT'), percentBp: z.number(), cap: amountOutput }),
  z.object({ kind: z.literal('FIXED'), amount: amountOutput }),
  z.object({ kind: z.literal('PRIZE_TABLE'), prizes: z.array(prizeOutput) }),
]);
export type RewardRuleOutput = z.infer<typeof rewardRuleOutput>;

/** Game type (catalogue category code, e.g. RNG, LIVE, LOTT) -> percent of valid bet that counts; '*' is every other type (default 100). */
export const contributions = z.record(z.string().regex(/^(\*|[A-Z0-9_]{1,20})$/), z.number().int().min(0).max(100));

/** What an operator writes: a draft, or the edit of a draft or paused promotion. */
export const promotionInput = z.object({
  kind: z.enum(PROMOTION_KINDS),
  title: localisedTextInput(120),
  body: localisedTextInput(4000),
  imageUrl: z.string().trim().max(500).nullable().default(null),
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }).nullable().default(null),
  audience: audience.default({ kind: 'ALL' }),
  claimMode: z.enum(CLAIM_MODES),
  reward: rewardRuleInput,
  /** FIRST_DEPOSIT / RELOAD: the smallest deposit that qualifies. */
  minDeposit: amountInput().nullable().default(null),
  turnoverMultipleBp: z.number().int().min(0).max(MAX_TURNOVER_BP),
  contributions: contributions.default({}),
  maxBet: amountInput().nullable().default(null),
  /** The turnover requirement (and the unspent bonus) expires this many days after the award; null: never. */
  expiryDays: z.number().int().min(1).max(365).nullable().default(null),
  perMemberLimit: z.number().int().min(1).max(1000).default(1),
  limitPeriod: z.enum(LIMIT_PERIODS).default('NONE'),
  /** Total the promotion may pay; null: no budget. */
  budget: amountInput().nullable().default(null),
  /** The kind's own settings (red envelope tiers, referral thresholds...): promotion-kinds.ts. */
  config: z.record(z.string(), z.unknown()).default({}),
  sortOrder: z.number().int().min(0).max(100_000).default(0),
});
export type PromotionInput = z.infer<typeof promotionInput>;

export const operatorPromotionValue = z.object({
  id: z.number(),
  merchantCode: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  status: z.enum(PROMOTION_STATUSES),
  title: localisedTextOutput,
  body: localisedTextOutput,
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  audience,
  claimMode: z.enum(CLAIM_MODES),
  reward: rewardRuleOutput,
  minDeposit: amountOutput.nullable(),
  turnoverMultipleBp: z.number(),
  contributions: z.record(z.string(), z.number()),
  maxBet: amountOutput.nullable(),
  expiryDays: z.number().nullable(),
  perMemberLimit: z.number(),
  limitPeriod: z.enum(LIMIT_PERIODS),
  budget: amountOutput.nullable(),
  budgetUsed: amountOutput,
  config: z.record(z.string(), z.unknown()),
  sortOrder: z.number(),
  /** PRIZE_TABLE: the average prize (sum weight x amount / total weight); null otherwise. */
  expectedPrize: amountOutput.nullable(),
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorPromotionValue = z.infer<typeof operatorPromotionValue>;
export const operatorPromotionResponse = envelopeOf(operatorPromotionValue);
export const operatorPromotionListQuery = z.object({
  merchant: z.string().max(40).optional(),
  status: z.enum(PROMOTION_STATUSES).optional(),
  kind: z.enum(PROMOTION_KINDS).optional(),
});
export const operatorPromotionListResponse = envelopeOf(z.object({ list: z.array(operatorPromotionValue) }));
export const operatorPromotionCreateBody = promotionInput.extend({ merchant: z.string().max(40).optional() });
export const promotionIdParams = z.object({ id: recordIdParam });
export const operatorPromotionActionBody = z.object({ reason: z.string().trim().max(500).optional() });

/** The fields a member sees, rendered in each language (the operator's preview). */
export const promotionPreviewValue = z.object({
  BN: z.object({ title: z.string(), body: z.string(), rules: z.array(z.string()) }),
  EN: z.object({ title: z.string(), body: z.string(), rules: z.array(z.string()) }),
  SW: z.object({ title: z.string(), body: z.string(), rules: z.array(z.string()) }),
});
export const promotionPreviewResponse = envelopeOf(promotionPreviewValue);

export const expectedCostBody = z.object({
  prizes: z.array(prizeInput).min(1).max(50),
  /** Draws expected over the period the operator plans for. */
  expectedDraws: z.number().int().min(1).max(100_000_000),
});
export const expectedCostValue = z.object({
  /** Sum of weight x amount over the total weight. */
  expectedPrize: amountOutput,
  /** expectedPrize x expectedDraws. */
  expectedCost: amountOutput,
  /** The largest prize (the worst single draw). */
  maxPrize: amountOutput,
  /** Each line's chance in basis points (weight / total weight). */
  chancesBp: z.array(z.number()),
});
export const expectedCostResponse = envelopeOf(expectedCostValue);

export const awardValue = z.object({
  id: z.number(),
  promotionId: z.number(),
  promotionTitle: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  memberId: z.number(),
  username: z.string(),
  periodKey: z.string(),
  amount: amountOutput,
  returnedAmount: amountOutput,
  status: z.enum(AWARD_STATUSES),
  reason: z.string(),
  ledgerTransferId: z.number(),
  returnTransferId: z.number().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export const awardsQuery = z.object({
  merchant: z.string().max(40).optional(),
  promotionId: z.coerce.number().int().positive().optional(),
  memberId: z.coerce.number().int().positive().optional(),
  status: z.enum(AWARD_STATUSES).optional(),
  /** ISO date-times; `to` is exclusive. */
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const awardsResponse = envelopeOf(
  z.object({ items: z.array(awardValue), page: z.number(), pageSize: z.number(), total: z.number(), totalAmount: amountOutput }),
);

export const requirementValue = z.object({
  id: z.number(),
  memberId: z.number(),
  source: z.enum(REQUIREMENT_SOURCES),
  sourceId: z.number(),
  promotionId: z.number().nullable(),
  /** The promotion's title in the request's language; null for a deposit's requirement. */
  title: z.string().nullable(),
  /** The bonus or deposit amount the requirement was made from. */
  amount: amountOutput,
  required: amountOutput,
  done: amountOutput,
  left: amountOutput,
  status: z.enum(REQUIREMENT_STATUSES),
  maxBet: amountOutput.nullable(),
  contributions: z.record(z.string(), z.number()),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type RequirementValue = z.infer<typeof requirementValue>;
export const requirementsQuery = z.object({
  merchant: z.string().max(40).optional(),
  memberId: z.coerce.number().int().positive().optional(),
  status: z.enum(REQUIREMENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const requirementsResponse = envelopeOf(
  z.object({
    items: z.array(requirementValue.extend({ username: z.string() })),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
);
export const waiveBody = z.object({ reason: z.string().trim().min(1).max(500) });
export const requirementResponse = envelopeOf(requirementValue);

export const promotionSettingsValue = z.object({
  merchantCode: z.string(),
  /** Turnover every credited deposit adds, in basis points of the deposit (10000 = 1x; 0 = none). */
  depositTurnoverBp: z.number(),
});
export const promotionSettingsQuery = z.object({ merchant: z.string().max(40).optional() });
export const promotionSettingsBody = z.object({
  merchant: z.string().max(40).optional(),
  depositTurnoverBp: z.number().int().min(0).max(MAX_TURNOVER_BP),
});
export const promotionSettingsResponse = envelopeOf(promotionSettingsValue);

// Member calls

export const memberPromotionValue = z.object({
  id: z.number(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  claimMode: z.enum(CLAIM_MODES),
  reward: rewardRuleOutput,
  minDeposit: amountOutput.nullable(),
  turnoverMultipleBp: z.number(),
  maxBet: amountOutput.nullable(),
  expiryDays: z.number().nullable(),
  /** The rules as sentences in the request's language. */
  rules: z.array(z.string()),
  /** Visitors: null. */
  me: z
    .object({
      isEligible: z.boolean(),
      status: z.enum(ACTIVITY_STATUSES),
      /** Rewards I can claim now (CLAIM mode, or the kind's own chances). */
      claimableCount: z.number(),
      /** My latest award of this promotion, if any. */
      award: z.object({ id: z.number(), amount: amountOutput, status: z.enum(AWARD_STATUSES), createdAt: z.string() }).nullable(),
      /** Turnover of that award: required, done, left. */
      progress: z
        .object({ required: amountOutput, done: amountOutput, left: amountOutput, status: z.enum(REQUIREMENT_STATUSES) })
        .nullable(),
    })
    .nullable(),
});
export type MemberPromotionValue = z.infer<typeof memberPromotionValue>;
export const memberPromotionListResponse = envelopeOf(z.object({ list: z.array(memberPromotionValue) }));
export const memberPromotionResponse = envelopeOf(memberPromotionValue);

export const claimValue = z.object({
  awardId: z.number(),
  amount: amountOutput,
  /** True when this period's reward was already claimed and this call changed nothing. */
  isReplay: z.boolean(),
  requirement: requirementValue.nullable(),
});
export const claimResponse = envelopeOf(claimValue);

export const depositPreviewQuery = z.object({ amount: amountInput() });
export const depositPreviewValue = z.object({
  amount: amountOutput,
  /** The deposit's own turnover (the merchant's deposit multiple). */
  depositTurnover: amountOutput,
  offers: z.array(
    z.object({
      promotionId: z.number(),
      kind: z.enum(PROMOTION_KINDS),
      title: z.string(),
      bonus: amountOutput,
      turnover: amountOutput,
      maxBet: amountOutput.nullable(),
      /** Set when this deposit would not qualify: the reason in the request's language. */
      refusal: z.string().nullable(),
    }),
  ),
  /** The bonus the deposit earns: the sum of the offers it qualifies for (each is awarded); 0.00 when none. */
  bonus: amountOutput,
});
export const depositPreviewResponse = envelopeOf(depositPreviewValue);

export const bonusDetailsValue = z.object({
  items: z.array(requirementValue),
  /** Turnover left over every active requirement: what stands between the member and a withdrawal. */
  totalLeft: amountOutput,
});
export type BonusDetailsValue = z.infer<typeof bonusDetailsValue>;
export const bonusDetailsResponse = envelopeOf(bonusDetailsValue);

export const rewardItemValue = z.object({
  promotionId: z.number(),
  kind: z.enum(PROMOTION_KINDS),
  title: z.string(),
  /** Claimable: what a claim pays (FIXED), or null when drawn (prize table) or computed. */
  amount: amountOutput.nullable(),
  awardId: z.number().nullable(),
  at: z.string().nullable(),
});
export const rewardCenterValue = z.object({
  claimable: z.array(rewardItemValue),
  claimed: z.array(rewardItemValue),
  expired: z.array(rewardItemValue),
});
export type RewardCenterValue = z.infer<typeof rewardCenterValue>;
export const rewardCenterResponse = envelopeOf(rewardCenterValue);
export const forfeitValue = z.object({ requirement: requirementValue, returnedAmount: amountOutput });
export const forfeitResponse = envelopeOf(forfeitValue);

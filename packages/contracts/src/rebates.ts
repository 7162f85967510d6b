import { z } from 'zod';
import type { GameCategory } from './constants';
import { envelopeOf, moneyString } from './envelope';
import { pageFields } from './paging';
import { amountInput } from './wallet';

/**
 * Rebates (issue 15, docs/loyalty.md "Rebates"): a share of the member's valid bet, by VIP level
 * and game type, accrued as play settles. With flag MANPLAYREB3 the member claims pending rebate
 * (manual rebate); where the operator turns on the automatic daily rebate, a job pays the
 * previous days' pending rebate once per member and day at the configured hour (site time).
 */
export const REBATE_PATHS = {
  /** T: pending rebate by game type, today's paid total and cap, minimum claim. */
  pending: '/wps/rebate/pending',
  /** T, POST: claims all pending rebate (Idempotency-Key header or idempotencyKey field). */
  claim: '/wps/rebate/claim',
  /** T: the member's claims, newest first. */
  history: '/wps/rebate/history',
} as const;

export const OPERATOR_REBATE_PATHS = {
  /** The rate table and daily caps of a merchant (GET) or the whole table replaced (PUT). */
  table: '/admin-api/merchants/:code/rebate/table',
  settings: '/admin-api/merchants/:code/rebate/settings',
  claims: '/admin-api/merchants/:code/rebate/claims',
} as const;

/**
 * The game types a rebate (and mission) table is published by: the spec's point categories
 * (live, lottery, PVP, slots, sports) plus fish, esports and cockfight. Catalogue categories map
 * onto them (REBATE_CATEGORY_OF): in-house slots are slots, both lottery kinds are lottery.
 */
export const REBATE_CATEGORIES = ['SLOTS', 'LIVE', 'SPORTS', 'LOTTERY', 'PVP', 'FISH', 'ESPORTS', 'COCKFIGHT'] as const;
export type RebateCategory = (typeof REBATE_CATEGORIES)[number];
export const rebateCategory = z.enum(REBATE_CATEGORIES);

export const REBATE_CATEGORY_OF: Readonly<Record<GameCategory, RebateCategory>> = {
  RNG: 'SLOTS',
  BGS: 'SLOTS',
  LIVE: 'LIVE',
  SPORTS: 'SPORTS',
  ESPORTS: 'ESPORTS',
  LOTT: 'LOTTERY',
  ELOTT: 'LOTTERY',
  PVP: 'PVP',
  FISH: 'FISH',
  COCKFIGHT: 'COCKFIGHT',
};

/** Rates are basis points of valid bet (80 = 0.80%); at most 5%. */
export const MAX_REBATE_RATE_BP = 500;
/** Level rank 0 is a member with no VIP level; ranks follow the VIP ladder. */
export const MAX_REBATE_LEVEL_RANK = 50;

export const rebatePendingRow = z.object({
  category: rebateCategory,
  validBet: moneyString,
  amount: moneyString,
});

export const rebatePendingValue = z.object({
  list: z.array(rebatePendingRow),
  /** Sum of the list. */
  total: moneyString,
  /** A claim below this is refused (REBATE_BELOW_MINIMUM). */
  minimumClaim: moneyString,
  /** What the member's level may be paid per day (site time); null: no cap. */
  dailyCap: moneyString.nullable(),
  paidToday: moneyString,
  /** What a claim now would pay: the total, cut to the cap left today. */
  claimable: moneyString,
  levelRank: z.number().int(),
  isManualOn: z.boolean(),
  isAutoDailyOn: z.boolean(),
  currency: z.string(),
});
export type RebatePendingValue = z.infer<typeof rebatePendingValue>;
export const rebatePendingResponse = envelopeOf(rebatePendingValue);

export const rebateClaimBody = z.object({ idempotencyKey: z.string().min(8).max(100).optional() }).strict();

export const rebateClaimValue = z.object({
  claimId: z.number().int(),
  kind: z.enum(['MANUAL', 'AUTO']),
  amount: moneyString,
  /** Paid per game type. */
  breakdown: z.array(z.object({ category: rebateCategory, amount: moneyString })),
  /** Play needed before this money may be withdrawn (1x the rebate). */
  turnoverRequired: moneyString,
  createdAt: z.string().datetime(),
});
export type RebateClaimValue = z.infer<typeof rebateClaimValue>;
export const rebateClaimResponse = envelopeOf(rebateClaimValue);

export const rebateHistoryQuery = z.object({
  ...pageFields(),
});
export const rebateHistoryResponse = envelopeOf(
  z.object({ list: z.array(rebateClaimValue), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
);

// Operator side.

export const rebateTableLevel = z.object({
  levelRank: z.number().int().min(0).max(MAX_REBATE_LEVEL_RANK),
  /** null: no daily cap for this level. */
  dailyCap: moneyString.nullable(),
  rates: z.array(z.object({ category: rebateCategory, rateBp: z.number().int().min(0).max(MAX_REBATE_RATE_BP) })),
});
export const rebateTableValue = z.object({ levels: z.array(rebateTableLevel) });
export const rebateTableResponse = envelopeOf(rebateTableValue);

export const rebateTableBody = z
  .object({
    levels: z
      .array(
        z
          .object({
            levelRank: z.number().int().min(0).max(MAX_REBATE_LEVEL_RANK),
            dailyCap: amountInput().nullable(),
            rates: z
              .array(z.object({ category: rebateCategory, rateBp: z.number().int().min(0).max(MAX_REBATE_RATE_BP) }).strict())
              .max(REBATE_CATEGORIES.length),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_REBATE_LEVEL_RANK + 1),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

export const rebateSettingsValue = z.object({
  minimumClaim: moneyString,
  isAutoDailyOn: z.boolean(),
  /** Site-time hour (0-23) the automatic daily rebate pays the previous days. */
  autoDailyHour: z.number().int().min(0).max(23),
  /** Play while a promotion's turnover requirement is ACTIVE earns no rebate. */
  excludesPromotionPlay: z.boolean(),
});
export const rebateSettingsResponse = envelopeOf(rebateSettingsValue);
export const rebateSettingsBody = z
  .object({
    minimumClaim: amountInput({ allowZero: true }),
    isAutoDailyOn: z.boolean(),
    autoDailyHour: z.number().int().min(0).max(23),
    excludesPromotionPlay: z.boolean(),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

export const operatorRebateClaimsQuery = z.object({
  memberId: z.coerce.number().int().positive().optional(),
  kind: z.enum(['MANUAL', 'AUTO']).optional(),
  ...pageFields(),
});
export const operatorRebateClaimsResponse = envelopeOf(
  z.object({
    list: z.array(rebateClaimValue.extend({ memberId: z.number().int() })),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
);

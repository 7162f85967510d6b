import { z } from 'zod';
import { idempotencyKeyField, paymentPasswordField } from './cashier';
import type { GameCategory } from './constants';
import { envelopeOf, moneyString } from './envelope';
import { numberedPage, pageFields } from './paging';
import { REBATE_CATEGORIES, REBATE_CATEGORY_OF } from './rebates';
import { amountInput } from './wallet';

/**
 * Points and the points mall (issue 15, docs/loyalty.md "Points"). Points are earned from
 * deposits and valid bets at the merchant's exchange rate table, never expire, and are spent on
 * mall items (reviewed by an operator) or converted to cash at the configured rate. Points are
 * whole numbers; cash amounts are money strings ("100.00").
 */
export const POINTS_PATHS = {
  /** T: the member's points balance. */
  balance: '/wps/relay/MCS2_getPointBalance',
  /** T: the mall items on offer (rewards to redeem). */
  rewards: '/wps/relay/MCS2_getPointReward',
  /** T: the member's redemptions and conversions, newest first (pageNo, pageSize, status). */
  redemptions: '/wps/relay/MCS2_getRedeemPointList',
  /** T: exchange rate table, conversion rate, rules. */
  config: '/wps/relay/MCS2_getPointConfig',
  /** T, E, payment password: redeem a mall item (points taken at once, status IN_PROCESS). */
  redeem: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
  /** T, E, payment password: convert points to cash (paid at once, 1x turnover by default). */
  convert: '/wps/relay/passwordCheck/MCS2_convertPoint',
} as const;

export const OPERATOR_POINTS_PATHS = {
  /** GET the table; PUT replaces it. */
  exchangeRates: '/admin-api/merchants/:code/points/exchange-rates',
  /** GET / PUT conversion rate, minimum, turnover multiplier, rules text. */
  settings: '/admin-api/merchants/:code/points/settings',
  /** GET every item (enabled or not); POST adds one. */
  items: '/admin-api/merchants/:code/points/items',
  /** PUT edits one item. */
  item: '/admin-api/merchants/:code/points/items/:id',
  /** GET the redemption queue (status, username, from, to, pageNo, pageSize). */
  redemptions: '/admin-api/merchants/:code/points/redemptions',
  redemptionApprove: '/admin-api/merchants/:code/points/redemptions/:id/approve',
  redemptionReject: '/admin-api/merchants/:code/points/redemptions/:id/reject',
} as const;

/** Where points come from: a deposit, or valid bet in one of the published game types. */
export const POINTS_CATEGORIES = ['DEPOSIT', ...REBATE_CATEGORIES] as const;
export type PointsCategory = (typeof POINTS_CATEGORIES)[number];
export const pointsCategory = z.enum(POINTS_CATEGORIES);

/** The points category of a played catalogue category (in-house slots are slots, both lotteries lottery). */
export function pointsCategoryOf(gameType: string | null): PointsCategory | null {
  if (gameType === null) return 'DEPOSIT';
  return REBATE_CATEGORY_OF[gameType as GameCategory] ?? null;
}

export const POINTS_REDEMPTION_STATUSES = ['IN_PROCESS', 'APPROVED', 'REJECTED'] as const;
export type PointsRedemptionStatus = (typeof POINTS_REDEMPTION_STATUSES)[number];
export const MALL_ITEM_KINDS = ['CASH', 'GOODS'] as const;

const points = z.number().int().nonnegative();
const languageTexts = z.object({ bn: z.string().min(1).max(200), en: z.string().min(1).max(200), sw: z.string().min(1).max(200) });

export const pointBalanceValue = z.object({
  balance: points,
  /** Every point ever earned (points never expire). */
  earnedTotal: points,
});
export const pointBalanceResponse = envelopeOf(pointBalanceValue);

export const mallItem = z.object({
  id: z.number().int(),
  /** In the request's language. */
  name: z.string(),
  imageUrl: z.string(),
  kind: z.enum(MALL_ITEM_KINDS),
  points,
  /** Cash credited on approval; "0.00" for goods. */
  cashAmount: moneyString,
  stock: z.number().int().nonnegative(),
  perMemberLimit: z.number().int().positive().nullable(),
  /** How many more the member may redeem (null: no limit). */
  remainingForMember: z.number().int().nonnegative().nullable(),
});
export type MallItem = z.infer<typeof mallItem>;
export const pointRewardsResponse = envelopeOf(z.object({ list: z.array(mallItem) }));

export const redemptionsQuery = z.object({
  ...pageFields(),
  status: z.enum(POINTS_REDEMPTION_STATUSES).optional(),
});

/** A redemption with the spec's fields. */
export const pointRedemption = z.object({
  id: z.number().int(),
  /** Transaction reference number. */
  referenceNumber: z.string(),
  type: z.enum(['ITEM', 'CONVERT']),
  itemId: z.number().int().nullable(),
  itemName: z.string().nullable(),
  quantity: z.number().int().positive(),
  points,
  amount: moneyString,
  /** Points each item costs, or the minimum convertible for a conversion. */
  pointsRequirement: points,
  /** Valid bet the paid cash requires before a withdrawal. */
  amountRequirement: moneyString,
  status: z.enum(POINTS_REDEMPTION_STATUSES),
  /** The operator's reason for a rejection. */
  remark: z.string().nullable(),
  applyTime: z.string(),
  reviewedAt: z.string().nullable(),
  receivingAddress: z.string().nullable(),
});
export type PointRedemption = z.infer<typeof pointRedemption>;
export const redemptionsResponse = envelopeOf(numberedPage(pointRedemption));

export const exchangeRate = z.object({
  category: pointsCategory,
  /** Points given per unitAmount of valid bet (or deposit). */
  unitPoints: z.number().int().positive(),
  unitAmount: moneyString,
  isEnabled: z.boolean(),
});
export const pointConfigValue = z.object({
  exchangeRates: z.array(exchangeRate),
  conversion: z.object({
    isEnabled: z.boolean(),
    /** conversionPoints points give conversionAmount. */
    points: z.number().int().positive(),
    amount: moneyString,
    minPoints: points,
    turnoverMultiplier: z.number().int().nonnegative(),
  }),
  /** The rules text in the request's language. */
  rules: z.string(),
  currency: z.string(),
});
export type PointConfigValue = z.infer<typeof pointConfigValue>;
export const pointConfigResponse = envelopeOf(pointConfigValue);

export const redeemPointRewardBody = z
  .object({
    itemId: z.number().int().positive(),
    quantity: z.number().int().min(1).max(100).default(1),
    /** Required for goods. */
    receivingAddress: z.string().trim().min(5).max(300).optional(),
    paymentPassword: paymentPasswordField,
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export const redeemPointRewardResponse = envelopeOf(z.object({ redemption: pointRedemption, balance: points }));

export const convertPointBody = z
  .object({
    points: z.number().int().positive().max(1_000_000_000),
    paymentPassword: paymentPasswordField,
    idempotencyKey: idempotencyKeyField,
  })
  .strict();
export const convertPointResponse = envelopeOf(z.object({ redemption: pointRedemption, balance: points }));

// Operator shapes.
export const operatorMerchantParams = z.object({ code: z.string().min(1).max(40) });
export const operatorIdParams = operatorMerchantParams.extend({ id: z.coerce.number().int().positive() });

export const operatorExchangeRatesBody = z
  .object({
    rates: z
      .array(
        z.object({
          category: pointsCategory,
          unitPoints: z.number().int().min(1).max(1_000_000),
          unitAmount: amountInput(),
          isEnabled: z.boolean(),
        }),
      )
      .max(POINTS_CATEGORIES.length),
  })
  .strict();
export const operatorExchangeRatesResponse = envelopeOf(z.object({ rates: z.array(exchangeRate) }));

export const operatorPointsSettingsBody = z
  .object({
    conversionPoints: z.number().int().min(1).max(1_000_000),
    conversionAmount: amountInput(),
    minConvertPoints: z.number().int().min(1).max(1_000_000_000),
    turnoverMultiplier: z.number().int().min(0).max(50),
    isConversionEnabled: z.boolean(),
    rules: z.object({ bn: z.string().max(5000), en: z.string().max(5000), sw: z.string().max(5000) }),
  })
  .strict();
export const operatorPointsSettings = operatorPointsSettingsBody.extend({ conversionAmount: moneyString });
export const operatorPointsSettingsResponse = envelopeOf(operatorPointsSettings);

export const operatorMallItemBody = z
  .object({
    names: languageTexts,
    imageUrl: z.string().trim().min(1).max(500),
    kind: z.enum(MALL_ITEM_KINDS),
    points: z.number().int().min(1).max(1_000_000_000),
    /** Required (above 0) for CASH, "0.00" or absent for GOODS. */
    cashAmount: amountInput({ allowZero: true }).optional(),
    stock: z.number().int().min(0).max(10_000_000),
    perMemberLimit: z.number().int().min(1).max(10_000).nullable(),
    isEnabled: z.boolean(),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export const operatorMallItem = z.object({
  id: z.number().int(),
  names: languageTexts,
  imageUrl: z.string(),
  kind: z.enum(MALL_ITEM_KINDS),
  points,
  cashAmount: moneyString,
  stock: z.number().int(),
  perMemberLimit: z.number().int().nullable(),
  isEnabled: z.boolean(),
  sortOrder: z.number().int(),
});
export const operatorMallItemResponse = envelopeOf(operatorMallItem);
export const operatorMallItemsResponse = envelopeOf(z.object({ list: z.array(operatorMallItem) }));

export const operatorRedemptionsQuery = redemptionsQuery.extend({
  username: z.string().trim().min(1).max(60).optional(),
  /** ISO dates (inclusive from, exclusive to) on the apply time. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  type: z.enum(['ITEM', 'CONVERT']).optional(),
});
export const operatorRedemption = pointRedemption.extend({
  memberId: z.number().int(),
  username: z.string(),
  reviewedBy: z.string().nullable(),
});
export const operatorRedemptionResponse = envelopeOf(operatorRedemption);
export const operatorRedemptionsResponse = envelopeOf(numberedPage(operatorRedemption));
export const operatorRejectRedemptionBody = z.object({ reason: z.string().trim().min(2).max(300) }).strict();

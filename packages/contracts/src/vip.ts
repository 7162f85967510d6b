import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { amountInput } from './wallet';

/**
 * VIP levels (issue 15, docs/loyalty.md "VIP"): a ladder per merchant (rank 1 lowest). A member
 * climbs by deposit and/or valid bet (lifetime or this month, per merchant), keeps a level by
 * reaching its monthly retention target, or drops one level at a month's review; the level
 * changes at most once a day. Each level pays an upgrade bonus (once per level, ever), a
 * birthday bonus (accounts older than 60 days, once a year) and a monthly bonus, and sets the
 * daily withdrawal limits. Rebate rates by level are the rebates' (contracts/rebates.ts).
 */
export const VIP_PATHS = {
  /** T: my level, the next, my progress to it. */
  me: '/wps/vip/me',
  /** T (or none): every level with its targets and perks. */
  levels: '/wps/vip/levels',
} as const;

export const OPERATOR_VIP_PATHS = {
  /** GET the ladder; PUT replaces it (ranks 1..n, targets rising). */
  levels: '/admin-api/merchants/:code/vip/levels',
  /** GET / PUT upgrade window and retention switch. */
  settings: '/admin-api/merchants/:code/vip/settings',
} as const;

export const VIP_UPGRADE_WINDOWS = ['LIFETIME', 'MONTH'] as const;
export const VIP_TARGET_RULES = ['AND', 'OR'] as const;
/** A member younger than this gets no birthday bonus (a fresh account with a birthday set to today). */
export const VIP_BIRTHDAY_MIN_ACCOUNT_AGE_DAYS = 60;
export const MAX_VIP_LEVELS = 20;

const languageTexts = z.object({
  bn: z.string().trim().min(1).max(60),
  en: z.string().trim().min(1).max(60),
  sw: z.string().trim().min(1).max(60),
});

export const vipLevel = z.object({
  rank: z.number().int().min(1),
  /** In the request's language. */
  name: z.string(),
  names: languageTexts,
  targetRule: z.enum(VIP_TARGET_RULES),
  upgradeDeposit: moneyString,
  upgradeValidBet: moneyString,
  retainDeposit: moneyString,
  retainValidBet: moneyString,
  upgradeBonus: moneyString,
  birthdayBonus: moneyString,
  monthlyBonus: moneyString,
  withdrawDailyCount: z.number().int().positive(),
  withdrawDailyAmount: moneyString,
});
export type VipLevel = z.infer<typeof vipLevel>;
export const vipLevelsResponse = envelopeOf(z.object({ list: z.array(vipLevel), upgradeWindow: z.enum(VIP_UPGRADE_WINDOWS) }));

const progressPart = z.object({ done: moneyString, needed: moneyString });
export const vipMeValue = z.object({
  hasVip: z.boolean(),
  /** Null before the first level. */
  level: vipLevel.nullable(),
  /** Null at the top of the ladder. */
  next: vipLevel.nullable(),
  /** Towards `next` (counted over the upgrade window). */
  progress: z.object({ deposit: progressPart, validBet: progressPart, targetRule: z.enum(VIP_TARGET_RULES) }).nullable(),
  /** This month towards keeping the current level (null without a level or with retention off). */
  retention: z.object({ deposit: progressPart, validBet: progressPart, period: z.string() }).nullable(),
  upgradeWindow: z.enum(VIP_UPGRADE_WINDOWS),
  changedAt: z.string().nullable(),
});
export type VipMeValue = z.infer<typeof vipMeValue>;
export const vipMeResponse = envelopeOf(vipMeValue);

// Operator shapes.
export const operatorVipLevelInput = z
  .object({
    rank: z.number().int().min(1).max(MAX_VIP_LEVELS),
    names: languageTexts,
    targetRule: z.enum(VIP_TARGET_RULES),
    upgradeDeposit: amountInput({ allowZero: true }),
    upgradeValidBet: amountInput({ allowZero: true }),
    retainDeposit: amountInput({ allowZero: true }),
    retainValidBet: amountInput({ allowZero: true }),
    upgradeBonus: amountInput({ allowZero: true }),
    birthdayBonus: amountInput({ allowZero: true }),
    monthlyBonus: amountInput({ allowZero: true }),
    withdrawDailyCount: z.number().int().min(1).max(1000),
    withdrawDailyAmount: amountInput(),
  })
  .strict();
export const operatorVipLevelsBody = z.object({ levels: z.array(operatorVipLevelInput).min(1).max(MAX_VIP_LEVELS) }).strict();
export const operatorVipLevelsResponse = envelopeOf(z.object({ list: z.array(vipLevel.extend({ id: z.number().int() })) }));
export const operatorVipSettingsBody = z.object({ upgradeWindow: z.enum(VIP_UPGRADE_WINDOWS), isRetentionOn: z.boolean() }).strict();
export const operatorVipSettingsResponse = envelopeOf(operatorVipSettingsBody);

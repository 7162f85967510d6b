import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, memberRef, memberRowColumns, merchantRef, money, serialId, updatedAt } from './columns';
import type { LanguageTexts } from './points';

/*
 * VIP (modules/vip, docs/loyalty.md "VIP"): a ladder of levels per merchant, each member's level
 * and totals, and the bonuses paid (each at most once, by a unique key).
 */

/** How a level's deposit and valid bet targets combine: both must be met, or either. */
export type VipTargetRule = 'AND' | 'OR';

/** One rung of a merchant's ladder; rank 1 is the lowest. Money in minor units. Rebate rates by rank live with the rebates (rebate_rates). */
export const vipLevels = pgTable(
  'vip_levels',
  {
    id: serialId(),
    merchantId: merchantRef(),
    rank: integer('rank').notNull(),
    names: jsonb('names').$type<LanguageTexts>().notNull(),
    upgradeDeposit: money('upgrade_deposit'),
    upgradeValidBet: money('upgrade_valid_bet'),
    targetRule: text('target_rule').$type<VipTargetRule>().notNull().default('AND'),
    /** Deposit and valid bet a member at this level must reach each month to keep it. */
    retainDeposit: money('retain_deposit'),
    retainValidBet: money('retain_valid_bet'),
    upgradeBonus: money('upgrade_bonus'),
    birthdayBonus: money('birthday_bonus'),
    monthlyBonus: money('monthly_bonus'),
    withdrawDailyCount: integer('withdraw_daily_count').notNull(),
    withdrawDailyAmount: money('withdraw_daily_amount'),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('vip_levels_merchant_rank').on(table.merchantId, table.rank),
    check('vip_levels_rank', sql`${table.rank} BETWEEN 1 AND 50`),
    check('vip_levels_rule', sql`${table.targetRule} IN ('AND', 'OR')`),
    check(
      'vip_levels_amounts',
      sql`${table.upgradeDeposit} >= 0 AND ${table.upgradeValidBet} >= 0 AND ${table.retainDeposit} >= 0 AND ${table.retainValidBet} >= 0
        AND ${table.upgradeBonus} >= 0 AND ${table.birthdayBonus} >= 0 AND ${table.monthlyBonus} >= 0
        AND ${table.withdrawDailyCount} > 0 AND ${table.withdrawDailyAmount} > 0`,
    ),
  ],
);

/**
 * A member's level (rank 0: none yet) and the totals its upgrades count under the LIFETIME window:
 * every deposit and valid bet since the account opened or since the last demotion (which resets
 * them). Written by the VIP engine and the VIP job.
 */
export const vipMembers = pgTable(
  'vip_members',
  {
    memberId: memberRef().primaryKey(),
    merchantId: merchantRef(),
    rank: integer('rank').notNull().default(0),
    /** When the level last changed: at most one change a day. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    lifetimeDeposit: bigint('lifetime_deposit', { mode: 'bigint' }).notNull().default(sql`0`),
    lifetimeValidBet: bigint('lifetime_valid_bet', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The last month ('YYYY-MM', site time) whose retention was reviewed for this member. */
    reviewedPeriod: text('reviewed_period'),
    updatedAt: updatedAt(),
  },
  (table) => [index('vip_members_merchant_rank').on(table.merchantId, table.rank), check('vip_members_rank', sql`${table.rank} >= 0`)],
);

/** Deposit and valid bet per member and month ('YYYY-MM' in site time): upgrade progress and retention read them. */
export const vipPeriodTotals = pgTable(
  'vip_period_totals',
  {
    memberId: memberRef(),
    period: text('period').notNull(),
    merchantId: merchantRef(),
    deposit: money('deposit'),
    validBet: money('valid_bet'),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.period] })],
);

/** Every level change, for the member's history and the back office. */
export const vipLevelChanges = pgTable(
  'vip_level_changes',
  {
    ...memberRowColumns(),
    fromRank: integer('from_rank').notNull(),
    toRank: integer('to_rank').notNull(),
    reason: text('reason').$type<'UPGRADE' | 'DEMOTION'>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('vip_level_changes_member').on(table.memberId, table.changedAt)],
);

export type VipBonusKind = 'UPGRADE' | 'BIRTHDAY' | 'MONTHLY';

/**
 * Bonuses paid: UPGRADE once per (member, level) ever (a demoted member who climbs back gets
 * nothing again), BIRTHDAY once per (member, year), MONTHLY once per (member, month).
 */
export const vipBonusAwards = pgTable(
  'vip_bonus_awards',
  {
    ...memberRowColumns(),
    kind: text('kind').$type<VipBonusKind>().notNull(),
    /** The level id (UPGRADE), the year (BIRTHDAY) or the month (MONTHLY). */
    periodKey: text('period_key').notNull(),
    rank: integer('rank').notNull(),
    amount: money('amount'),
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('vip_bonus_awards_unique').on(table.memberId, table.kind, table.periodKey),
    check('vip_bonus_awards_kind', sql`${table.kind} IN ('UPGRADE', 'BIRTHDAY', 'MONTHLY')`),
    check('vip_bonus_awards_amount', sql`${table.amount} > 0`),
  ],
);

/** How upgrades count: LIFETIME totals, or this month's (site time). Retention is always per month. */
export type VipUpgradeWindow = 'LIFETIME' | 'MONTH';

/** A merchant's VIP rules beside its ladder; no row means the defaults (LIFETIME, retention on). */
export const vipSettings = pgTable(
  'vip_settings',
  {
    merchantId: merchantRef().primaryKey(),
    upgradeWindow: text('upgrade_window').$type<VipUpgradeWindow>().notNull().default('LIFETIME'),
    isRetentionOn: boolean('is_retention_on').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (table) => [check('vip_settings_window', sql`${table.upgradeWindow} IN ('LIFETIME', 'MONTH')`)],
);

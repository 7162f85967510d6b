import type { RebateCategory } from '@kismat/contracts/rebates';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, memberRowColumns, merchantRef, money, updatedAt } from './columns';

/*
 * Rebates (modules/rebates, docs/loyalty.md "Rebates"): the published rate table by VIP level
 * rank and game type, the member's accrual per (day in site time, game type) written by the
 * 'rebates' fact engine, and the claims that pay it.
 */

/** A merchant's rebate options; a merchant without a row uses the defaults. */
export const rebateSettings = pgTable('rebate_settings', {
  merchantId: merchantRef().primaryKey(),
  minimumClaim: bigint('minimum_claim', { mode: 'bigint' }).notNull().default(sql`100`),
  isAutoDailyOn: boolean('is_auto_daily_on').notNull().default(false),
  autoDailyHour: integer('auto_daily_hour').notNull().default(3),
  excludesPromotionPlay: boolean('excludes_promotion_play').notNull().default(false),
  updatedAt: updatedAt(),
});

/** The daily cap of each level rank (0: no VIP level). */
export const rebateLevels = pgTable(
  'rebate_levels',
  {
    merchantId: merchantRef(),
    levelRank: integer('level_rank').notNull(),
    /** Most paid per site-time day; null: no cap. */
    dailyCap: bigint('daily_cap', { mode: 'bigint' }),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.levelRank] }),
    check('rebate_levels_cap', sql`${table.dailyCap} IS NULL OR ${table.dailyCap} > 0`),
  ],
);

/** Basis points of valid bet by level rank and game type. */
export const rebateRates = pgTable(
  'rebate_rates',
  {
    merchantId: merchantRef(),
    levelRank: integer('level_rank').notNull(),
    category: text('category').$type<RebateCategory>().notNull(),
    rateBp: integer('rate_bp').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.levelRank, table.category] }),
    check('rebate_rates_rate', sql`${table.rateBp} BETWEEN 0 AND 500`),
  ],
);

/**
 * Rebate earned per member, site-time day and game type: valid bet and rebate accrue as facts
 * arrive (set-based upsert), `claimed` grows as claims pay it; pending is accrued - claimed.
 */
export const rebateAccruals = pgTable(
  'rebate_accruals',
  {
    ...memberRowColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').$type<RebateCategory>().notNull(),
    validBet: money('valid_bet'),
    accrued: money('accrued'),
    claimed: bigint('claimed', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('rebate_accruals_member_day_category').on(table.memberId, table.day, table.category),
    // The automatic daily rebate walks a merchant's members with unpaid rows in member order
    // (keyset batches), reading neither paid rows nor sorting: an index range per batch.
    index('rebate_accruals_pending_members')
      .on(table.merchantId, table.memberId, table.day)
      .where(sql`${table.accrued} > ${table.claimed}`),
    check('rebate_accruals_claimed', sql`${table.claimed} >= 0 AND ${table.claimed} <= ${table.accrued}`),
  ],
);

/** One payment of rebate: a member's manual claim or the automatic daily payment of a member's day. */
export const rebateClaims = pgTable(
  'rebate_claims',
  {
    ...memberRowColumns(),
    kind: text('kind').$type<'MANUAL' | 'AUTO'>().notNull(),
    /** Site-time day the claim counts against the daily cap. */
    claimDay: date('claim_day', { mode: 'string' }).notNull(),
    amount: money('amount'),
    /** { category: minor units as a string } paid per game type. */
    breakdown: jsonb('breakdown').$type<Record<string, string>>().notNull(),
    /** MANUAL: the client's idempotency key; AUTO: 'auto:<accrual day>'. */
    requestKey: text('request_key').notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A double click (same key) or a second run of the daily job pays once.
    uniqueIndex('rebate_claims_member_key').on(table.memberId, table.requestKey),
    index('rebate_claims_member_day').on(table.memberId, table.claimDay),
    index('rebate_claims_merchant_created').on(table.merchantId, table.createdAt),
    check('rebate_claims_kind', sql`${table.kind} IN ('MANUAL', 'AUTO')`),
    check('rebate_claims_amount', sql`${table.amount} > 0`),
  ],
);

export type RebateAccrualRow = typeof rebateAccruals.$inferSelect;
export type RebateClaimRow = typeof rebateClaims.$inferSelect;

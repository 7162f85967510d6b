import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  createdAt,
  idempotencyColumns,
  memberRef,
  memberRowColumns,
  merchantRef,
  money,
  serialId,
  updatedAt,
  wholeBigint,
} from './columns';

/*
 * Points (modules/points, docs/loyalty.md "Points"): earned from facts at the merchant's exchange
 * rates, never expiring, kept in their own append-only ledger (points_entries) beside a balance
 * row per member. Points are not money: cash only moves when a redemption or a conversion is paid,
 * through the wallet. `npm run ledger:verify` checks that the entries sum to the balances.
 */

/** Localised text the operator writes: BN (default), EN, SW. */
export interface LanguageTexts {
  bn: string;
  en: string;
  sw: string;
}

/** The exchange rate table: `unitPoints` points for every `unitAmount` minor units of valid bet (or deposit) in a category. */
export const pointsExchangeRates = pgTable(
  'points_exchange_rates',
  {
    merchantId: merchantRef(),
    /** A points category (contracts POINTS_CATEGORIES): DEPOSIT, SLOTS, LIVE, LOTTERY, PVP, SPORTS, FISH, ESPORTS, COCKFIGHT. */
    category: text('category').notNull(),
    unitAmount: money('unit_amount'),
    unitPoints: integer('unit_points').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.merchantId, table.category] }),
    check('points_exchange_rates_positive', sql`${table.unitAmount} > 0 AND ${table.unitPoints} > 0`),
  ],
);

/** Per merchant: the conversion rate (conversionPoints points give conversionAmount minor units), its minimum and the rules text. */
export const pointsSettings = pgTable(
  'points_settings',
  {
    merchantId: merchantRef().primaryKey(),
    conversionPoints: integer('conversion_points').notNull(),
    conversionAmount: money('conversion_amount'),
    minConvertPoints: wholeBigint('min_convert_points'),
    /** Valid bet required per unit of cash paid by points (conversion and cash items), before it can be withdrawn. */
    turnoverMultiplier: integer('turnover_multiplier').notNull().default(1),
    isConversionEnabled: boolean('is_conversion_enabled').notNull().default(true),
    rules: jsonb('rules').$type<LanguageTexts>().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'points_settings_positive',
      sql`${table.conversionPoints} > 0 AND ${table.conversionAmount} > 0 AND ${table.minConvertPoints} > 0 AND ${table.turnoverMultiplier} >= 0`,
    ),
  ],
);

/**
 * Valid bet (or deposit) counted towards points per member and category since the first fact:
 * the part below one rate unit carries over, so a thousand ৳1 spins earn what one ৳1000 spin does.
 */
export const pointsAccruals = pgTable(
  'points_accruals',
  {
    memberId: memberRef(),
    category: text('category').notNull(),
    merchantId: merchantRef(),
    accrued: wholeBigint('accrued'),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.category] })],
);

/** A member's points balance: the sum of the member's points_entries, never below zero. */
export const pointsBalances = pgTable(
  'points_balances',
  {
    memberId: memberRef().primaryKey(),
    merchantId: merchantRef(),
    balance: wholeBigint('balance'),
    earnedTotal: bigint('earned_total', { mode: 'bigint' }).notNull().default(sql`0`),
    updatedAt: updatedAt(),
  },
  (table) => [check('points_balances_non_negative', sql`${table.balance} >= 0`)],
);

export const POINTS_ENTRY_KINDS = ['EARN', 'REDEEM', 'RESTORE', 'CONVERT', 'ADJUST'] as const;
export type PointsEntryKind = (typeof POINTS_ENTRY_KINDS)[number];

/**
 * The points ledger, append-only. `reference` names the source: `ROUND:<game_rounds.id>` or
 * `DEPOSIT:<deposit id>` for an EARN, `redemption:<id>` for REDEEM/RESTORE/CONVERT; unique per
 * kind, so a fact can never earn twice and a redemption is taken and restored at most once.
 */
export const pointsEntries = pgTable(
  'points_entries',
  {
    ...memberRowColumns(),
    delta: wholeBigint('delta'),
    balanceAfter: wholeBigint('balance_after'),
    kind: text('kind').$type<PointsEntryKind>().notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('points_entries_kind_reference_unique').on(table.kind, table.reference),
    index('points_entries_member').on(table.memberId, table.id),
    check('points_entries_delta', sql`${table.delta} <> 0 AND ${table.balanceAfter} >= 0`),
    check('points_entries_kind', sql`${table.kind} IN ('EARN', 'REDEEM', 'RESTORE', 'CONVERT', 'ADJUST')`),
    check(
      'points_entries_sign',
      sql`CASE ${table.kind} WHEN 'EARN' THEN ${table.delta} > 0 WHEN 'RESTORE' THEN ${table.delta} > 0
        WHEN 'REDEEM' THEN ${table.delta} < 0 WHEN 'CONVERT' THEN ${table.delta} < 0 ELSE true END`,
    ),
  ],
);

/** A mall item: a cash voucher (cashAmount credited on approval) or goods (shipped to the member's address). */
export const pointsMallItems = pgTable(
  'points_mall_items',
  {
    id: serialId(),
    merchantId: merchantRef(),
    names: jsonb('names').$type<LanguageTexts>().notNull(),
    imageUrl: text('image_url').notNull(),
    kind: text('kind').$type<'CASH' | 'GOODS'>().notNull(),
    points: wholeBigint('points'),
    cashAmount: bigint('cash_amount', { mode: 'bigint' }).notNull().default(sql`0`),
    stock: integer('stock').notNull(),
    /** Null: no limit per member. */
    perMemberLimit: integer('per_member_limit'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('points_mall_items_merchant').on(table.merchantId, table.sortOrder),
    check('points_mall_items_kind', sql`${table.kind} IN ('CASH', 'GOODS')`),
    check(
      'points_mall_items_amounts',
      sql`${table.points} > 0 AND ${table.stock} >= 0 AND (${table.perMemberLimit} IS NULL OR ${table.perMemberLimit} > 0)
        AND CASE ${table.kind} WHEN 'CASH' THEN ${table.cashAmount} > 0 ELSE ${table.cashAmount} = 0 END`,
    ),
  ],
);

export const POINTS_REDEMPTION_STATUSES = ['IN_PROCESS', 'APPROVED', 'REJECTED'] as const;
export type PointsRedemptionStatus = (typeof POINTS_REDEMPTION_STATUSES)[number];

/**
 * A redemption (a mall item, reviewed by an operator) or a conversion to cash (paid at once,
 * APPROVED). Idempotent per (member, idempotency key): a retried request returns the first row.
 */
export const pointsRedemptions = pgTable(
  'points_redemptions',
  {
    ...memberRowColumns(),
    type: text('type').$type<'ITEM' | 'CONVERT'>().notNull(),
    /** Null for a conversion. */
    itemId: integer('item_id').references(() => pointsMallItems.id),
    itemNames: jsonb('item_names').$type<LanguageTexts>(),
    quantity: integer('quantity').notNull(),
    /** Points taken, in total. */
    points: wholeBigint('points'),
    /** Cash paid on approval (minor units); 0 for goods. */
    amount: money('amount'),
    /** Points each unit costs (item) or the minimum convertible (conversion). */
    pointsRequirement: wholeBigint('points_requirement'),
    /** Valid bet the paid cash requires before a withdrawal (amount x the turnover multiplier). */
    amountRequirement: money('amount_requirement'),
    status: text('status').$type<PointsRedemptionStatus>().notNull(),
    remark: text('remark'),
    referenceNumber: text('reference_number').notNull(),
    receivingAddress: text('receiving_address'),
    ...idempotencyColumns(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    /** The wallet transfer that paid the cash, when any. */
    transferId: bigint('transfer_id', { mode: 'number' }),
  },
  (table) => [
    uniqueIndex('points_redemptions_idempotency').on(table.memberId, table.idempotencyKey),
    uniqueIndex('points_redemptions_reference').on(table.referenceNumber),
    index('points_redemptions_member').on(table.memberId, table.appliedAt),
    index('points_redemptions_queue').on(table.merchantId, table.status, table.appliedAt),
    check('points_redemptions_status', sql`${table.status} IN ('IN_PROCESS', 'APPROVED', 'REJECTED')`),
    check('points_redemptions_type', sql`${table.type} IN ('ITEM', 'CONVERT')`),
    check('points_redemptions_amounts', sql`${table.quantity} > 0 AND ${table.points} > 0 AND ${table.amount} >= 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, integerRef, memberRef, memberRowColumns, merchantRef, money, serialId, updatedAt } from './columns';

/*
 * Promotions (modules/promotions, docs/promotions.md): operator-made offers, the awards they
 * paid (one ledger transfer each, PROMOTION_COST -> member cash) and the turnover requirements
 * every bonus and every credited deposit adds. Money is minor units (bigint); percentages and
 * multiples are integer basis points (10000 = 100 % = 1x).
 */

/** Localised text keyed by interface language: { BN, EN, SW }. */
export type PromotionText = { BN: string; EN: string; SW: string };

export type PromotionAudience =
  | { kind: 'ALL' }
  | { kind: 'NEW_MEMBERS'; days: number }
  | { kind: 'VIP_LEVELS'; levels: number[] }
  | { kind: 'AGENT_DOWNLINES'; agentIds: number[] };

/** Amounts inside the rule are minor units written as decimal integer strings (jsonb has no bigint). */
export type PromotionRewardRule =
  | { kind: 'PERCENT'; percentBp: number; cap: string }
  | { kind: 'FIXED'; amount: string }
  | { kind: 'PRIZE_TABLE'; prizes: { amount: string; weight: number; stockPerPeriod: number | null }[] };

export const promotions = pgTable(
  'promotions',
  {
    id: serialId(),
    merchantId: merchantRef(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('DRAFT'),
    title: jsonb('title').$type<PromotionText>().notNull(),
    body: jsonb('body').$type<PromotionText>().notNull(),
    imageUrl: text('image_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    audience: jsonb('audience').$type<PromotionAudience>().notNull(),
    claimMode: text('claim_mode').notNull(),
    reward: jsonb('reward').$type<PromotionRewardRule>().notNull(),
    /** FIRST_DEPOSIT / RELOAD: the smallest qualifying deposit. */
    minDeposit: bigint('min_deposit', { mode: 'bigint' }),
    turnoverMultipleBp: integer('turnover_multiple_bp').notNull(),
    /** Game type -> percent of valid bet that counts; '*' for every other type (default 100). */
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    maxBet: bigint('max_bet', { mode: 'bigint' }),
    expiryDays: integer('expiry_days'),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    limitPeriod: text('limit_period').notNull().default('NONE'),
    /** Null: no budget. budget_used only grows, guarded by one conditional UPDATE (award-promotion.ts). */
    budget: bigint('budget', { mode: 'bigint' }),
    budgetUsed: money('budget_used').default(sql`0`),
    /** The kind's own settings (promotion-kinds contracts). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    sortOrder: integer('sort_order').notNull().default(0),
    createdBy: text('created_by').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('promotions_merchant_status').on(table.merchantId, table.status, table.sortOrder),
    check('promotions_kind', sql`${table.kind} IN ('FIRST_DEPOSIT', 'RELOAD', 'RED_ENVELOPE', 'RAFFLE', 'REFERRAL', 'ACTIVITY')`),
    check('promotions_status', sql`${table.status} IN ('DRAFT', 'LIVE', 'PAUSED', 'ENDED')`),
    check('promotions_claim_mode', sql`${table.claimMode} IN ('AUTOMATIC', 'CLAIM', 'APPLICATION')`),
    check('promotions_limit_period', sql`${table.limitPeriod} IN ('NONE', 'DAY', 'WEEK', 'MONTH')`),
    check('promotions_numbers', sql`${table.turnoverMultipleBp} >= 0 AND ${table.perMemberLimit} >= 1 AND ${table.budgetUsed} >= 0`),
    // The budget can never be overspent, whatever the code does.
    check('promotions_budget', sql`${table.budget} IS NULL OR ${table.budgetUsed} <= ${table.budget}`),
    check('promotions_window', sql`${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`),
  ],
);
export type PromotionRow = typeof promotions.$inferSelect;

/** One award paid to a member: unique per (promotion, member, period key), so a replay pays nothing. */
export const promotionAwards = pgTable(
  'promotion_awards',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    promotionId: integerRef('promotion_id', () => promotions.id),
    memberId: memberRef(),
    /** The caller's key inside the promotion ('FIRST', 'D:2026-11-26', 'D:2026-11-26#2', 'invitee:42'...). */
    periodKey: text('period_key').notNull(),
    /** The limit period the award counts against ('ALL', 'D:2026-11-26', 'W:2026-11-23', 'M:2026-11'). */
    period: text('period').notNull(),
    amount: money('amount'),
    status: text('status').notNull().default('CREDITED'),
    reason: text('reason').notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }).notNull(),
    /** What went back to PROMOTION_COST on forfeit or expiry (at most the amount; see docs/promotions.md). */
    returnedAmount: money('returned_amount').default(sql`0`),
    returnTransferId: bigint('return_transfer_id', { mode: 'number' }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('promotion_awards_key').on(table.promotionId, table.memberId, table.periodKey),
    index('promotion_awards_member_period').on(table.memberId, table.promotionId, table.period),
    index('promotion_awards_merchant_created').on(table.merchantId, table.createdAt),
    check('promotion_awards_status', sql`${table.status} IN ('CREDITED', 'FORFEITED', 'EXPIRED')`),
    check(
      'promotion_awards_amounts',
      sql`${table.amount} > 0 AND ${table.returnedAmount} >= 0 AND ${table.returnedAmount} <= ${table.amount}`,
    ),
  ],
);
export type PromotionAwardRow = typeof promotionAwards.$inferSelect;

/** Valid bet a member owes before withdrawing: from a bonus (PROMOTION), a credited deposit (DEPOSIT) or loyalty cash (POINTS, REBATE, MISSION). */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    ...memberRowColumns(),
    source: text('source').notNull(),
    /** The award id (PROMOTION), the deposit id (DEPOSIT), the redemption id (POINTS), the rebate claim id (REBATE) or the reward's ledger transfer id (MISSION). */
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    awardId: bigint('award_id', { mode: 'number' }).references(() => promotionAwards.id),
    promotionId: integer('promotion_id').references(() => promotions.id),
    /** The bonus or deposit amount it was made from. */
    amountBasis: money('amount_basis'),
    required: money('required'),
    done: money('done').default(sql`0`),
    status: text('status').notNull().default('ACTIVE'),
    maxBet: bigint('max_bet', { mode: 'bigint' }),
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who ended it by hand (waive) and why. */
    endedBy: text('ended_by'),
    note: text('note'),
  },
  (table) => [
    // A deposit or an award makes one requirement, however often its fact is seen.
    uniqueIndex('turnover_requirements_source').on(table.source, table.sourceId),
    // The member's active requirements oldest first: the engine, the withdrawal gate and the max-bet read.
    index('turnover_requirements_member_active').on(table.memberId, table.id).where(sql`${table.status} = 'ACTIVE'`),
    index('turnover_requirements_expiry').on(table.expiresAt).where(sql`${table.status} = 'ACTIVE' AND ${table.expiresAt} IS NOT NULL`),
    index('turnover_requirements_merchant_member').on(table.merchantId, table.memberId, table.id),
    // Loyalty cash carries its turnover too (docs/loyalty.md): points conversion, rebate and mission rewards.
    check('turnover_requirements_source_kind', sql`${table.source} IN ('DEPOSIT', 'PROMOTION', 'POINTS', 'REBATE', 'MISSION')`),
    check('turnover_requirements_status', sql`${table.status} IN ('ACTIVE', 'MET', 'WAIVED', 'FORFEITED', 'EXPIRED')`),
    check('turnover_requirements_amounts', sql`${table.required} > 0 AND ${table.done} >= 0 AND ${table.done} <= ${table.required}`),
  ],
);
export type TurnoverRequirementRow = typeof turnoverRequirements.$inferSelect;

/** The merchant's promotion settings (deposit turnover multiple). */
export const promotionSettings = pgTable('promotion_settings', {
  merchantId: merchantRef().primaryKey(),
  depositTurnoverBp: integer('deposit_turnover_bp').notNull().default(10000),
  updatedBy: text('updated_by').notNull(),
  updatedAt: updatedAt(),
});

/** Credited deposits per member as the turnover engine saw them: tells the first deposit from a reload. */
export const promotionDepositCounts = pgTable('promotion_deposit_counts', {
  memberId: memberRef().primaryKey(),
  merchantId: merchantRef(),
  firstDepositId: bigint('first_deposit_id', { mode: 'number' }).notNull(),
  depositCount: integer('deposit_count').notNull(),
});

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberRef, memberRowColumns, merchantRef, wholeBigint } from './columns';

/*
 * Responsible gambling (modules/responsible-gambling, docs/responsible-gambling.md): a member's
 * state row (the one row a money path locks; a member without one costs one indexed read and
 * writes nothing), limits in force, every limit change, time-outs and self-exclusions, and the
 * hourly usage buckets the rolling windows sum.
 */

export type RgLimitKindColumn = 'DEPOSIT' | 'LOSS' | 'WAGER' | 'SESSION_TIME';
export type RgPeriodColumn = 'DAY' | 'WEEK' | 'MONTH';
export type RgActorColumn = 'MEMBER' | 'OPERATOR';
export type RgChangeStatusColumn = 'PENDING' | 'APPLIED' | 'CANCELLED';
export type RgExclusionKindColumn = 'TIME_OUT' | 'SELF_EXCLUSION';

/** One row per member who ever set a limit, a reality check or an exclusion. Locked FOR UPDATE by every money path. */
export const rgState = pgTable('rg_state', {
  memberId: memberRef().primaryKey(),
  merchantId: merchantRef(),
  /** A DEPOSIT limit is in force: deposits are counted in the buckets. */
  tracksDeposit: boolean('tracks_deposit').notNull().default(false),
  /** A LOSS, WAGER or SESSION_TIME limit or a reality check is on: stakes, wins and play time are counted. */
  tracksPlay: boolean('tracks_play').notNull().default(false),
  realityCheckMinutes: integer('reality_check_minutes'),
  /** The current login session (reality-check figures are since then). */
  sessionStartedAt: timestamp('session_started_at', { withTimezone: true }).notNull(),
  sessionStaked: bigint('session_staked', { mode: 'bigint' }).notNull().default(sql`0`),
  sessionWon: bigint('session_won', { mode: 'bigint' }).notNull().default(sql`0`),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  realityAckAt: timestamp('reality_ack_at', { withTimezone: true }),
  /** A time-out / self-exclusion was taken and the member has not (effectively) returned yet. */
  blocked: boolean('blocked').notNull().default(false),
  /** End of the exclusion (null with blocked: permanent). */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** When play resumes after an explicit return (null: no return asked). */
  returnEffectiveAt: timestamp('return_effective_at', { withTimezone: true }),
  limitsReviewedAt: timestamp('limits_reviewed_at', { withTimezone: true }),
  depositLimitSkippedAt: timestamp('deposit_limit_skipped_at', { withTimezone: true }),
});

/** Limits in force: one per (member, kind, period). value: minor units, or minutes for SESSION_TIME. */
export const rgLimits = pgTable(
  'rg_limits',
  {
    ...memberRowColumns(),
    kind: text('kind').$type<RgLimitKindColumn>().notNull(),
    period: text('period').$type<RgPeriodColumn>().notNull(),
    value: wholeBigint('value'),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
    setBy: text('set_by').$type<RgActorColumn>().notNull(),
    /** When this limit was first set (usage is counted from when a limit of the kind exists). */
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('rg_limits_member_kind_period').on(table.memberId, table.kind, table.period),
    index('rg_limits_merchant').on(table.merchantId),
    check('rg_limits_kind', sql`${table.kind} IN ('DEPOSIT', 'LOSS', 'WAGER', 'SESSION_TIME')`),
    check('rg_limits_period', sql`${table.period} IN ('DAY', 'WEEK', 'MONTH')`),
    check('rg_limits_value', sql`${table.value} > 0`),
  ],
);

/** Every limit change, kept: a new value, a decrease, a pending increase or removal, an operator's tightening. */
export const rgLimitChanges = pgTable(
  'rg_limit_changes',
  {
    ...memberRowColumns(),
    kind: text('kind').$type<RgLimitKindColumn>().notNull(),
    period: text('period').$type<RgPeriodColumn>().notNull(),
    oldValue: bigint('old_value', { mode: 'bigint' }),
    /** null: removal. */
    newValue: bigint('new_value', { mode: 'bigint' }),
    status: text('status').$type<RgChangeStatusColumn>().notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    actor: text('actor').$type<RgActorColumn>().notNull(),
    operatorId: integer('operator_id'),
    operatorName: text('operator_name'),
    reason: text('reason'),
  },
  (table) => [
    index('rg_limit_changes_member').on(table.memberId, table.id),
    check('rg_limit_changes_status', sql`${table.status} IN ('PENDING', 'APPLIED', 'CANCELLED')`),
  ],
);

/** Time-outs and self-exclusions, kept. */
export const rgExclusions = pgTable(
  'rg_exclusions',
  {
    ...memberRowColumns(),
    kind: text('kind').$type<RgExclusionKindColumn>().notNull(),
    duration: text('duration').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** null: permanent. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    returnEffectiveAt: timestamp('return_effective_at', { withTimezone: true }),
  },
  (table) => [
    index('rg_exclusions_member').on(table.memberId, table.id),
    check('rg_exclusions_kind', sql`${table.kind} IN ('TIME_OUT', 'SELF_EXCLUSION')`),
  ],
);

/** Usage per member and hour, written in the money transaction while a limit of the kind exists. Minor units; seconds. */
export const rgUsageBuckets = pgTable(
  'rg_usage_buckets',
  {
    memberId: memberRef(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    merchantId: merchantRef(),
    deposited: bigint('deposited', { mode: 'bigint' }).notNull().default(sql`0`),
    staked: bigint('staked', { mode: 'bigint' }).notNull().default(sql`0`),
    won: bigint('won', { mode: 'bigint' }).notNull().default(sql`0`),
    playedSeconds: integer('played_seconds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.hour] })],
);

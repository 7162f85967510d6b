import type { MissionMetric, MissionPeriod, MissionRewardKind } from '@kismat/contracts/missions';
import type { RebateCategory } from '@kismat/contracts/rebates';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigserialId, createdAt, integerRef, memberRef, merchantRef, money, serialId, updatedAt, wholeBigint } from './columns';

/*
 * Missions and the mission leaderboard (modules/missions, docs/loyalty.md "Missions"). Progress
 * and scores are written by the 'missions' fact engine per (mission or board, member, period key),
 * the period key being the site-time day (DAILY), the site-time Monday (WEEKLY), 'ONCE' or 'EVENT'.
 */

export type Titles = { BN: string; EN: string; SW: string };

export const missions = pgTable(
  'missions',
  {
    id: serialId(),
    merchantId: merchantRef(),
    titles: jsonb('titles').$type<Titles>().notNull(),
    period: text('period').$type<MissionPeriod>().notNull(),
    metric: text('metric').$type<MissionMetric>().notNull(),
    /** Only play of this game type counts; null: any (bet metrics only). */
    gameType: text('game_type').$type<RebateCategory>(),
    /** Minor units for money metrics, a count otherwise. */
    target: wholeBigint('target'),
    rewardKind: text('reward_kind').$type<MissionRewardKind>().notNull(),
    /** Minor units for CASH, points for POINTS, chances for RED_ENVELOPE. */
    rewardAmount: money('reward_amount'),
    turnoverMultiplier: integer('turnover_multiplier').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('missions_merchant_active').on(table.merchantId, table.isActive),
    check('missions_period', sql`${table.period} IN ('DAILY', 'WEEKLY', 'ONCE', 'EVENT')`),
    check('missions_target', sql`${table.target} > 0 AND ${table.rewardAmount} > 0`),
    check(
      'missions_event_window',
      sql`${table.period} <> 'EVENT' OR (${table.startsAt} IS NOT NULL AND ${table.endsAt} > ${table.startsAt})`,
    ),
  ],
);

/** A member's progress on a mission in one period; claimed once (claimed_at set by a conditional update). */
export const missionProgress = pgTable(
  'mission_progress',
  {
    missionId: integerRef('mission_id', () => missions.id),
    memberId: memberRef(),
    periodKey: text('period_key').notNull(),
    merchantId: merchantRef(),
    value: bigint('value', { mode: 'bigint' }).notNull().default(sql`0`),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** What the claim paid (a reward edited later does not change a past claim). */
    claimedAmount: bigint('claimed_amount', { mode: 'bigint' }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.missionId, table.memberId, table.periodKey] }),
    index('mission_progress_member').on(table.memberId, table.periodKey),
  ],
);

export const missionLeaderboards = pgTable(
  'mission_leaderboards',
  {
    id: serialId(),
    merchantId: merchantRef(),
    titles: jsonb('titles').$type<Titles>().notNull(),
    period: text('period').$type<'DAILY' | 'WEEKLY'>().notNull(),
    metric: text('metric').$type<'VALID_BET' | 'DEPOSIT_AMOUNT' | 'BET_COUNT'>().notNull(),
    gameType: text('game_type').$type<RebateCategory>(),
    /** [{ rank, amount (minor units as a string) }], paid when the period closes. */
    prizes: jsonb('prizes').$type<{ rank: number; amount: string }[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check('mission_leaderboards_period', sql`${table.period} IN ('DAILY', 'WEEKLY')`)],
);

/**
 * A member's score on a board in a period; reached_at is when the score was last raised, so on
 * equal scores the earlier achiever ranks first. The index is the ranking order: the top 100 is
 * an index range, and a member's rank counts index entries ahead of it (no sort of the table).
 */
export const leaderboardScores = pgTable(
  'leaderboard_scores',
  {
    leaderboardId: integerRef('leaderboard_id', () => missionLeaderboards.id),
    periodKey: text('period_key').notNull(),
    memberId: memberRef(),
    merchantId: merchantRef(),
    score: wholeBigint('score'),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.leaderboardId, table.periodKey, table.memberId] }),
    index('leaderboard_scores_rank').on(table.leaderboardId, table.periodKey, sql`${table.score} DESC`, table.reachedAt, table.memberId),
  ],
);

/** A prize paid for a closed period: once per (board, period, rank). */
export const leaderboardPayouts = pgTable(
  'leaderboard_payouts',
  {
    id: bigserialId(),
    leaderboardId: integerRef('leaderboard_id', () => missionLeaderboards.id),
    periodKey: text('period_key').notNull(),
    rank: integer('rank').notNull(),
    memberId: memberRef(),
    merchantId: merchantRef(),
    amount: money('amount'),
    score: wholeBigint('score'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('leaderboard_payouts_rank').on(table.leaderboardId, table.periodKey, table.rank)],
);

export type MissionRow = typeof missions.$inferSelect;
export type MissionLeaderboardRow = typeof missionLeaderboards.$inferSelect;

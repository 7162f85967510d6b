import { z } from 'zod';
import { envelopeOf, moneyString } from './envelope';
import { REBATE_CATEGORIES } from './rebates';
import { amountInput } from './wallet';

/**
 * Missions and the mission leaderboard (issue 15, docs/loyalty.md "Missions"). Progress comes
 * from settled rounds, credited deposits and logins; periods reset in the site's time zone
 * (daily at local midnight, weekly on local Monday); a reward is claimed once per (mission,
 * member, period). The two relays are the spec's (T, GET with query data).
 */
export const MISSION_PATHS = {
  summary: '/wps/relay/MCSFE_getMissionSummaryDetails',
  leaderboard: '/wps/relay/MCSFE_getMissionLeaderboard',
  /** T, POST { missionId }: claims the reward of the current period; a second claim is MISSION_ALREADY_CLAIMED. */
  claim: '/wps/mission/claim',
} as const;

export const OPERATOR_MISSION_PATHS = {
  missions: '/admin-api/merchants/:code/missions',
  mission: '/admin-api/merchants/:code/missions/:id',
  leaderboards: '/admin-api/merchants/:code/mission-leaderboards',
  leaderboard: '/admin-api/merchants/:code/mission-leaderboards/:id',
} as const;

export const MISSION_PERIODS = ['DAILY', 'WEEKLY', 'ONCE', 'EVENT'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];
export const MISSION_METRICS = ['VALID_BET', 'DEPOSIT_AMOUNT', 'DEPOSIT_COUNT', 'BET_COUNT', 'LOGIN_DAYS'] as const;
export type MissionMetric = (typeof MISSION_METRICS)[number];
/** Metrics counted in money (minor units); the others are counts. */
export const MONEY_METRICS: readonly MissionMetric[] = ['VALID_BET', 'DEPOSIT_AMOUNT'];
export const MISSION_REWARD_KINDS = ['CASH', 'POINTS', 'RED_ENVELOPE'] as const;
export type MissionRewardKind = (typeof MISSION_REWARD_KINDS)[number];
export const MISSION_STATUSES = ['IN_PROGRESS', 'CLAIMABLE', 'CLAIMED'] as const;
export const LEADERBOARD_PERIODS = ['DAILY', 'WEEKLY'] as const;
/** Leaderboards rank by a fact metric (logins are not a score). */
export const LEADERBOARD_METRICS = ['VALID_BET', 'DEPOSIT_AMOUNT', 'BET_COUNT'] as const;
export const LEADERBOARD_TOP = 100;

const titles = z.object({
  BN: z.string().trim().min(1).max(80),
  EN: z.string().trim().min(1).max(80),
  SW: z.string().trim().min(1).max(80),
});

export const missionItem = z.object({
  missionId: z.number().int(),
  title: z.string(),
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  gameType: z.enum(REBATE_CATEGORIES).nullable(),
  /** MONEY: target and progress are amounts ("500.00"); COUNT: whole numbers ("3"). */
  unit: z.enum(['MONEY', 'COUNT']),
  target: z.string(),
  progress: z.string(),
  /** 0-100, for the progress bar. */
  percent: z.number().int().min(0).max(100),
  status: z.enum(MISSION_STATUSES),
  rewardKind: z.enum(MISSION_REWARD_KINDS),
  /** Cash: an amount; points and red envelope chances: a whole number. */
  rewardAmount: z.string(),
  periodKey: z.string(),
  /** When this period's progress resets; null for one-off missions. */
  periodEndsAt: z.string().datetime().nullable(),
});
export type MissionItem = z.infer<typeof missionItem>;

export const missionSummaryQuery = z.object({ period: z.enum(MISSION_PERIODS).optional() });
export const missionSummaryValue = z.object({
  list: z.array(missionItem),
  /** The missionLeaderboard menu badge: missions ready to claim now. */
  claimableCount: z.number().int(),
  claimedCount: z.number().int(),
  currency: z.string(),
});
export const missionSummaryResponse = envelopeOf(missionSummaryValue);

export const missionClaimBody = z
  .object({ missionId: z.number().int().positive(), idempotencyKey: z.string().min(8).max(100).optional() })
  .strict();
export const missionClaimValue = z.object({
  missionId: z.number().int(),
  periodKey: z.string(),
  rewardKind: z.enum(MISSION_REWARD_KINDS),
  rewardAmount: z.string(),
  /** Cash rewards: play needed before the money may be withdrawn. */
  turnoverRequired: moneyString,
  claimedAt: z.string().datetime(),
});
export const missionClaimResponse = envelopeOf(missionClaimValue);

export const leaderboardQuery = z.object({
  leaderboardId: z.coerce.number().int().positive().optional(),
  /** CURRENT (default) or the PREVIOUS, closed period. */
  which: z.enum(['CURRENT', 'PREVIOUS']).default('CURRENT'),
});
const leaderboardRow = z.object({
  rank: z.number().int(),
  /** Masked account ("ab***9"), except the member's own. */
  account: z.string(),
  score: z.string(),
  reachedAt: z.string().datetime(),
  prize: moneyString.nullable(),
});
export const leaderboardValue = z.object({
  leaderboard: z
    .object({
      id: z.number().int(),
      title: z.string(),
      period: z.enum(LEADERBOARD_PERIODS),
      metric: z.enum(LEADERBOARD_METRICS),
      unit: z.enum(['MONEY', 'COUNT']),
      periodKey: z.string(),
      periodEndsAt: z.string().datetime(),
      prizes: z.array(z.object({ rank: z.number().int(), amount: moneyString })),
    })
    .nullable(),
  list: z.array(leaderboardRow),
  /** The member's own row even outside the top 100; null before the member scores. */
  me: leaderboardRow.nullable(),
});
export const leaderboardResponse = envelopeOf(leaderboardValue);

// Operator side.

export const operatorMissionValue = z.object({
  id: z.number().int(),
  titles,
  period: z.enum(MISSION_PERIODS),
  metric: z.enum(MISSION_METRICS),
  gameType: z.enum(REBATE_CATEGORIES).nullable(),
  target: z.string(),
  rewardKind: z.enum(MISSION_REWARD_KINDS),
  rewardAmount: z.string(),
  turnoverMultiplier: z.number().int(),
  startsAt: z.string().datetime().nullable(),
  endsAt: z.string().datetime().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export const operatorMissionsResponse = envelopeOf(z.object({ list: z.array(operatorMissionValue) }));
export const operatorMissionResponse = envelopeOf(operatorMissionValue);

/** target and rewardAmount: amounts ("500.00") for money metrics and cash; whole numbers otherwise. */
export const missionBody = z
  .object({
    titles,
    period: z.enum(MISSION_PERIODS),
    metric: z.enum(MISSION_METRICS),
    gameType: z.enum(REBATE_CATEGORIES).nullable().default(null),
    target: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/),
    rewardKind: z.enum(MISSION_REWARD_KINDS),
    rewardAmount: z.string().regex(/^\d{1,13}(\.\d{1,2})?$/),
    turnoverMultiplier: z.number().int().min(0).max(50).default(1),
    startsAt: z.string().datetime().nullable().default(null),
    endsAt: z.string().datetime().nullable().default(null),
    isActive: z.boolean().default(true),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type MissionBody = z.infer<typeof missionBody>;

export const missionIdParams = z.object({ code: z.string().min(1).max(32), id: z.coerce.number().int().positive() });

export const operatorLeaderboardValue = z.object({
  id: z.number().int(),
  titles,
  period: z.enum(LEADERBOARD_PERIODS),
  metric: z.enum(LEADERBOARD_METRICS),
  gameType: z.enum(REBATE_CATEGORIES).nullable(),
  prizes: z.array(z.object({ rank: z.number().int(), amount: moneyString })),
  isActive: z.boolean(),
});
export const operatorLeaderboardsResponse = envelopeOf(z.object({ list: z.array(operatorLeaderboardValue) }));
export const operatorLeaderboardResponse = envelopeOf(operatorLeaderboardValue);
export const leaderboardBody = z
  .object({
    titles,
    period: z.enum(LEADERBOARD_PERIODS),
    metric: z.enum(LEADERBOARD_METRICS),
    gameType: z.enum(REBATE_CATEGORIES).nullable().default(null),
    /** Cash prizes by rank, 1..100, each rank at most once. */
    prizes: z
      .array(z.object({ rank: z.number().int().min(1).max(LEADERBOARD_TOP), amount: amountInput() }).strict())
      .max(LEADERBOARD_TOP)
      .refine((list) => new Set(list.map((prize) => prize.rank)).size === list.length, 'each rank once'),
    isActive: z.boolean().default(true),
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .strict();

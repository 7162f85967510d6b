import { LEADERBOARD_TOP } from '@kismat/contracts/missions';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { leaderboardScores, type MissionLeaderboardRow, missionLeaderboards } from '../../db/schema/missions';
import { columnsEqual } from '../../platform/columns-equal';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';

export interface RankedScore {
  rank: number;
  memberId: number;
  score: bigint;
  reachedAt: Date;
}

/** The board a member asks for, or the merchant's first active one. */
export async function findLeaderboard(db: DbOrTx, merchantId: number, leaderboardId?: number): Promise<MissionLeaderboardRow | undefined> {
  const [board] = await db
    .select()
    .from(missionLeaderboards)
    .where(
      leaderboardId === undefined
        ? and(eq(missionLeaderboards.merchantId, merchantId), eq(missionLeaderboards.isActive, true))
        : and(eq(missionLeaderboards.merchantId, merchantId), eq(missionLeaderboards.id, leaderboardId)),
    )
    .orderBy(asc(missionLeaderboards.id))
    .limit(1);
  return board;
}

/**
 * The top of a board's period in ranking order (score, then who reached it first, then member
 * id): a range of the leaderboard_scores_rank index, never a sort of the period's rows.
 */
export async function readTopScores(db: DbOrTx, leaderboardId: number, periodKey: string, limit = LEADERBOARD_TOP): Promise<RankedScore[]> {
  const rows = await db
    .select({ memberId: leaderboardScores.memberId, score: leaderboardScores.score, reachedAt: leaderboardScores.reachedAt })
    .from(leaderboardScores)
    .where(and(eq(leaderboardScores.leaderboardId, leaderboardId), eq(leaderboardScores.periodKey, periodKey)))
    .orderBy(desc(leaderboardScores.score), asc(leaderboardScores.reachedAt), asc(leaderboardScores.memberId))
    .limit(limit);
  return rows.map((row, index) => ({ rank: index + 1, ...row }));
}

/**
 * A member's own place, also far outside the top 100: 1 + the entries ahead of it, counted on
 * the same index (two range scans: higher scores, and equal scores reached earlier).
 */
export async function readOwnRank(db: DbOrTx, leaderboardId: number, periodKey: string, memberId: number): Promise<RankedScore | null> {
  const [own] = await db
    .select({ score: leaderboardScores.score, reachedAt: leaderboardScores.reachedAt })
    .from(leaderboardScores)
    .where(columnsEqual(leaderboardScores, { leaderboardId, periodKey, memberId }));
  if (!own) return null;
  const reachedAt = own.reachedAt.toISOString();
  const [ahead] = rowsOf<{ ahead: unknown }>(await db.execute(entriesAheadSql(leaderboardId, periodKey, own.score, reachedAt, memberId)));
  return { rank: toNumber(ahead?.ahead ?? 0) + 1, memberId, score: own.score, reachedAt: own.reachedAt };
}

function entriesAheadSql(leaderboardId: number, periodKey: string, score: bigint, reachedAt: string, memberId: number) {
  return sql`
    SELECT (SELECT count(*) FROM leaderboard_scores
             WHERE leaderboard_id = ${leaderboardId} AND period_key = ${periodKey} AND score > ${score.toString()}::bigint)
         + (SELECT count(*) FROM leaderboard_scores
             WHERE leaderboard_id = ${leaderboardId} AND period_key = ${periodKey} AND score = ${score.toString()}::bigint
               AND (reached_at, member_id) < (${reachedAt}::timestamptz, ${memberId}::bigint)) AS ahead`;
}

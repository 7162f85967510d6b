import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { type MissionRow, missionLeaderboards, missions } from '../../db/schema/missions';
import type { Tx } from '../../platform/db';
import type { Fact, FactEngine } from '../facts/index';
import { jsonRows, rebateCategoryOf } from '../rebates/index';
import { periodKeyOf } from './mission-periods';

type Metric = MissionRow['metric'];

/** What one fact adds to a metric (0: the fact does not count for it). */
function contribution(metric: Metric, gameType: string | null, fact: Fact): bigint {
  if (fact.kind === 'ROUND') {
    if (gameType !== null && rebateCategoryOf(fact.gameType) !== gameType) return 0n;
    if (metric === 'VALID_BET') return fact.amount;
    if (metric === 'BET_COUNT') return 1n;
    return 0n;
  }
  if (gameType !== null) return 0n;
  if (metric === 'DEPOSIT_AMOUNT') return fact.amount;
  if (metric === 'DEPOSIT_COUNT') return 1n;
  return 0n;
}

interface Increment {
  targetId: number;
  memberId: number;
  merchantId: number;
  periodKey: string;
  delta: bigint;
  lastAt: Date;
}

function addIncrement(map: Map<string, Increment>, increment: Increment): void {
  const key = `${increment.targetId}|${increment.memberId}|${increment.periodKey}`;
  const found = map.get(key);
  if (!found) {
    map.set(key, increment);
    return;
  }
  found.delta += increment.delta;
  if (increment.lastAt > found.lastAt) found.lastAt = increment.lastAt;
}

function isInWindow(row: { startsAt: Date | null; endsAt: Date | null; createdAt: Date }, at: Date, isMission: boolean): boolean {
  // A mission counts play from its start (or creation): progress made before it existed is not in it.
  const from = row.startsAt ?? (isMission ? row.createdAt : null);
  if (from && at < from) return false;
  return !(row.endsAt && at >= row.endsAt);
}

/**
 * The 'missions' fact engine: progress of every active mission and score of every active
 * leaderboard of the facts' merchants, per (mission or board, member, site-time period). A few
 * reads for the batch, then one ordered upsert for progress and one for scores. A score's
 * reached_at is the latest fact that raised it, so on a tie the earlier achiever ranks first.
 * Logins are not facts: LOGIN_DAYS progress is read from the sessions at summary and claim time.
 */
export function createMissionEngine(): FactEngine {
  return {
    name: 'missions',
    async apply(tx: Tx, facts: readonly Fact[]): Promise<void> {
      const counted = facts.filter((fact) => fact.amount > 0n);
      if (counted.length === 0) return;
      const merchantIds = [...new Set(counted.map((fact) => fact.merchantId))];
      const activeMissions = await tx
        .select()
        .from(missions)
        .where(and(inArray(missions.merchantId, merchantIds), eq(missions.isActive, true), ne(missions.metric, 'LOGIN_DAYS')));
      const boards = await tx
        .select()
        .from(missionLeaderboards)
        .where(and(inArray(missionLeaderboards.merchantId, merchantIds), eq(missionLeaderboards.isActive, true)));
      if (activeMissions.length === 0 && boards.length === 0) return;
      const offsets = await tx
        .select({ id: merchants.id, offset: merchants.utcOffsetMinutes })
        .from(merchants)
        .where(inArray(merchants.id, merchantIds));
      const offsetOf = new Map(offsets.map((row) => [row.id, row.offset]));

      const progress = new Map<string, Increment>();
      const scores = new Map<string, Increment>();
      // A fact's contribution to a mission's progress or a board's score, in the target's period (site time).
      const count = (into: Map<string, Increment>, target: Pick<MissionRow, 'id' | 'metric' | 'gameType' | 'period'>, fact: Fact) => {
        const delta = contribution(target.metric, target.gameType, fact);
        if (delta === 0n) return;
        addIncrement(into, {
          targetId: target.id,
          memberId: fact.memberId,
          merchantId: fact.merchantId,
          periodKey: periodKeyOf(target.period, fact.occurredAt, offsetOf.get(fact.merchantId) ?? 0),
          delta,
          lastAt: fact.occurredAt,
        });
      };
      for (const fact of counted) {
        for (const mission of activeMissions) {
          if (mission.merchantId === fact.merchantId && isInWindow(mission, fact.occurredAt, true)) count(progress, mission, fact);
        }
        for (const board of boards) {
          if (board.merchantId === fact.merchantId) count(scores, board, fact);
        }
      }
      await upsertProgress(tx, sorted(progress));
      await upsertScores(tx, sorted(scores));
    },
  };
}

/** One row order for every writer (target, member, period): two batches never deadlock on these rows. */
function sorted(map: Map<string, Increment>): Increment[] {
  return [...map.values()].sort((a, b) => a.targetId - b.targetId || a.memberId - b.memberId || a.periodKey.localeCompare(b.periodKey));
}

async function upsertProgress(tx: Tx, rows: readonly Increment[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO mission_progress (mission_id, member_id, period_key, merchant_id, value)
    SELECT r.target_id, r.member_id, r.period_key, r.merchant_id, r.delta
      FROM jsonb_to_recordset(${jsonRows(rows.map(({ lastAt: _lastAt, ...row }) => row))})
        AS r(target_id int, member_id bigint, period_key text, merchant_id int, delta bigint)
    ON CONFLICT (mission_id, member_id, period_key) DO UPDATE
       SET value = mission_progress.value + excluded.value, updated_at = now()`);
}

async function upsertScores(tx: Tx, rows: readonly Increment[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO leaderboard_scores (leaderboard_id, period_key, member_id, merchant_id, score, reached_at)
    SELECT r.target_id, r.period_key, r.member_id, r.merchant_id, r.delta, r.last_at
      FROM jsonb_to_recordset(${jsonRows(rows.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() })))})
        AS r(target_id int, member_id bigint, period_key text, merchant_id int, delta bigint, last_at timestamptz)
    ON CONFLICT (leaderboard_id, period_key, member_id) DO UPDATE
       SET score = leaderboard_scores.score + excluded.score,
           reached_at = greatest(leaderboard_scores.reached_at, excluded.reached_at)`);
}

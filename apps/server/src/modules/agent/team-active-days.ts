import { sql } from 'drizzle-orm';
import { agentMemberActiveDays, agentTeamActiveDays } from '../../db/schema/agent';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx, Tx } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';
import type { Fact } from '../facts/index';
import { teamClosureRelation } from '../member/index';

/*
 * Active members of a team per merchant-local day (issue 16 item 4; tables in migration 0055).
 *
 * A team's active members over a period are a distinct count: not a sum of hours or days. Each
 * member's active days are kept (agent_member_active_days), and per team the members that became
 * active on a day, counted by the member's previous active day (agent_team_active_days). The
 * members active in [from, to) are then exactly the rows with from <= day < to whose previous
 * day is before `from` (each member counted once: on its first active day in the period), read
 * from at most days x days rows per team whatever its size (the overview of a 1,000,000-member
 * team read 1,000,000 closure rows and probed the hour rollup for each: 5-14 s cold).
 *
 * Kept by the agent.team-rollups engine with the hour rollups, from the same facts, in the
 * consumer's transaction (exactly once). A fact may arrive late (a day between two active days
 * already counted): the next active day's row then moves from its old previous day to the new
 * one. Concurrent consumers (SKIP LOCKED) may hold facts of one member in two batches: a
 * per-member advisory lock orders them.
 *
 * A day is the merchant's local day at its utc_offset_minutes when the fact is applied (the day
 * of the fact's UTC hour, as the hour rollup buckets it); readers use the rows only for a period
 * of whole local days at a whole-hour offset. Were a merchant's offset changed, its older rows
 * keep the old days until rebuilt (the migration's backfill statements rebuild them).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Lock space of the per-member lock (pg_advisory_xact_lock(space, member)) that orders two batches' days of one member. */
const ACTIVE_DAYS_LOCK_SPACE = 16_055;

function bigintArray(values: readonly number[]) {
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

/** Adds the active days of a batch's play facts (a round that staked more than zero) to the member and team rows. */
export async function addFactsToActiveDays(tx: Tx, facts: readonly Fact[]): Promise<void> {
  const hours = new Map<string, { memberId: number; merchantId: number; hour: number }>();
  for (const fact of facts) {
    if (fact.kind !== 'ROUND' || fact.amount < 1n) continue;
    const hour = Math.floor(fact.occurredAt.getTime() / HOUR_MS) * HOUR_MS;
    hours.set(`${fact.memberId}|${hour}`, { memberId: fact.memberId, merchantId: fact.merchantId, hour });
  }
  if (hours.size === 0) return;
  const rows = [...hours.values()];
  const memberIds = [...new Set(rows.map((row) => row.memberId))].sort((a, b) => a - b);
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(${ACTIVE_DAYS_LOCK_SPACE}, m::int) FROM unnest(${bigintArray(memberIds)}) AS m ORDER BY m`,
  );
  const added = rowsOf<{ member_id: string | number; day_start: string }>(
    await tx.execute(sql`
      INSERT INTO ${agentMemberActiveDays} (member_id, day_start)
      SELECT DISTINCT v.member_id,
        date_trunc('day', v.hour + make_interval(mins => o.utc_offset_minutes), 'UTC') - make_interval(mins => o.utc_offset_minutes)
      FROM unnest(${bigintArray(rows.map((row) => row.memberId))}, ${bigintArray(rows.map((row) => row.merchantId))},
                  ${sql`${`{${rows.map((row) => new Date(row.hour).toISOString()).join(',')}}`}::timestamptz[]`}) AS v(member_id, merchant_id, hour)
      JOIN ${merchants} o ON o.id = v.merchant_id
      ORDER BY 1, 2
      ON CONFLICT DO NOTHING
      RETURNING member_id, day_start::text`),
  );
  if (added.length === 0) return;
  const team = agentTeamActiveDays;
  // Each new day: +1 at (day, its previous day among all). Each older day right after a new one:
  // its row moves from its previous day among the older days to its previous day among all.
  await tx.execute(sql`
    WITH n AS (
      SELECT * FROM unnest(${bigintArray(added.map((row) => Number(row.member_id)))},
                           ${sql`${`{${added.map((row) => `"${row.day_start}"`).join(',')}}`}::timestamptz[]`}) AS n(member_id, day_start)
    ), later AS (
      SELECT DISTINCT n.member_id, x.day_start FROM n
      CROSS JOIN LATERAL (SELECT d.day_start FROM ${agentMemberActiveDays} d
        WHERE d.member_id = n.member_id AND d.day_start > n.day_start ORDER BY d.day_start LIMIT 1) x
      WHERE NOT EXISTS (SELECT 1 FROM n fresh WHERE fresh.member_id = n.member_id AND fresh.day_start = x.day_start)
    ), deltas AS (
      SELECT n.member_id, n.day_start, coalesce((SELECT max(d.day_start) FROM ${agentMemberActiveDays} d
        WHERE d.member_id = n.member_id AND d.day_start < n.day_start), '-infinity'::timestamptz) AS prev_day_start, 1 AS delta FROM n
      UNION ALL
      SELECT l.member_id, l.day_start, coalesce((SELECT max(d.day_start) FROM ${agentMemberActiveDays} d
        WHERE d.member_id = l.member_id AND d.day_start < l.day_start), '-infinity'::timestamptz), 1 FROM later l
      UNION ALL
      SELECT l.member_id, l.day_start, coalesce((SELECT max(d.day_start) FROM ${agentMemberActiveDays} d
        WHERE d.member_id = l.member_id AND d.day_start < l.day_start
          AND NOT EXISTS (SELECT 1 FROM n fresh WHERE fresh.member_id = d.member_id AND fresh.day_start = d.day_start)),
        '-infinity'::timestamptz), -1 FROM later l
    )
    INSERT INTO ${team} (ancestor_id, day_start, prev_day_start, members)
    SELECT t.ancestor_id, x.day_start, x.prev_day_start, sum(x.delta)::int
      FROM deltas x JOIN ${teamClosureRelation()} t ON t.descendant_id = x.member_id AND t.depth >= 1
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (ancestor_id, day_start, prev_day_start) DO UPDATE SET members = ${team}.members + excluded.members`);
}

/** Whether [from, to) is whole local days at a whole-hour offset: the days the active-days rows are kept in. */
export function isOnLocalDays(from: Date, to: Date, offsetMinutes: number): boolean {
  const offset = offsetMinutes * 60_000;
  return offsetMinutes % 60 === 0 && (from.getTime() + offset) % DAY_MS === 0 && (to.getTime() + offset) % DAY_MS === 0;
}

/**
 * Members below `rootId` (depth >= 1) with a settled round staking more than zero in [from, to),
 * a period of whole local days (isOnLocalDays): the rows of days in the period whose previous
 * active day is before it.
 */
export async function countActiveMembersByDays(db: DbOrTx, input: { rootId: number; from: Date; to: Date }): Promise<number> {
  const [row] = rowsOf<{ active: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(members), 0)::int AS active FROM ${agentTeamActiveDays}
       WHERE ancestor_id = ${input.rootId}
         AND day_start >= ${input.from.toISOString()}::timestamptz AND day_start < ${input.to.toISOString()}::timestamptz
         AND prev_day_start < ${input.from.toISOString()}::timestamptz`),
  );
  return Number(row?.active ?? 0);
}

import { sql } from 'drizzle-orm';
import { agentTeamHeadcountHours } from '../../db/schema/agent';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';
import { readTeamCounts, type TeamCounts } from '../member/index';
import { isOnWholeHours } from './team-rollups';

/*
 * A team's headcounts from agent_team_headcount_hours (migration 0056): per team, its members by
 * registration hour, direct or not, agent or not. A team's rows number about the hours in which
 * one of its members registered (~10,000 for a 1,000,000-member team registered over 400 days),
 * whatever its size; before, the overview joined every member of the team (2.9 s cold at 1M).
 *
 * The rows are kept by triggers on member_tree and members, in the writer's statement: a
 * registration, a subtree move, a type change are counted in their own transaction, exactly once
 * (the rollup cannot trail the tree, unlike the fact-fed play rollups).
 */

type HeadcountRow = { members: number; direct_members: number; agents: number; new_members: number };

/** readTeamCounts from the headcount rows; a period off whole hours reads the closure rows (readTeamCounts). */
export async function readTeamHeadcounts(db: DbOrTx, input: { rootId: number; from: Date; to: Date }): Promise<TeamCounts> {
  if (!isOnWholeHours(input.from, input.to)) return readTeamCounts(db, input);
  const h = agentTeamHeadcountHours;
  const [row] = rowsOf<HeadcountRow>(
    await db.execute(sql`
      SELECT coalesce(sum(${h.members}), 0)::int AS members,
             coalesce(sum(${h.members}) FILTER (WHERE ${h.isDirect}), 0)::int AS direct_members,
             coalesce(sum(${h.members}) FILTER (WHERE ${h.isAgent}), 0)::int AS agents,
             coalesce(sum(${h.members}) FILTER (WHERE ${h.hour} >= ${input.from.toISOString()}::timestamptz
                                                   AND ${h.hour} < ${input.to.toISOString()}::timestamptz), 0)::int AS new_members
        FROM ${h} WHERE ${h.ancestorId} = ${input.rootId}`),
  );
  return {
    members: Number(row?.members ?? 0),
    directMembers: Number(row?.direct_members ?? 0),
    agents: Number(row?.agents ?? 0),
    newMembers: Number(row?.new_members ?? 0),
  };
}

/** Each root's team size, the root itself included (countTeam of each), in one read of the headcount rows. */
export async function readTeamSizes(db: DbOrTx, rootIds: readonly number[]): Promise<Map<number, number>> {
  const sizes = new Map<number, number>(rootIds.map((id) => [id, 1]));
  if (rootIds.length === 0) return sizes;
  const h = agentTeamHeadcountHours;
  const rows = rowsOf<{ id: string | number; members: number }>(
    await db.execute(sql`
      SELECT ${h.ancestorId} AS id, sum(${h.members})::int AS members FROM ${h}
       WHERE ${h.ancestorId} = ANY(${`{${rootIds.join(',')}}`}::bigint[]) GROUP BY ${h.ancestorId}`),
  );
  for (const row of rows) sizes.set(Number(row.id), 1 + Number(row.members));
  return sizes;
}

/** How many members are below `rootId` (direct ones only, or all) from the headcount rows: a list's total. */
export async function countTeamMembers(db: DbOrTx, input: { rootId: number; directOnly: boolean }): Promise<number> {
  const h = agentTeamHeadcountHours;
  const [row] = rowsOf<{ members: number }>(
    await db.execute(sql`
      SELECT coalesce(sum(${h.members}), 0)::int AS members FROM ${h}
       WHERE ${h.ancestorId} = ${input.rootId}${input.directOnly ? sql` AND ${h.isDirect}` : sql``}`),
  );
  return Number(row?.members ?? 0);
}

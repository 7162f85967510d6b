import { and, asc, type Column, eq, gte, ilike, or, type SQL, sql } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/*
 * Reads of a member's team (its subtree in the closure table) that other modules need. The tree is
 * the member module's table: the agent centre and the cashier call these instead of naming it, and
 * a query of theirs that must stay one statement takes a SQL fragment from here.
 */

/**
 * A subquery of the ids of the members below `ancestorId` (depth >= minDepth, default 1; only
 * `memberId` when given), for `column in (...)` in another module's query: one statement still.
 */
export function teamIdsSql(ancestorId: number, options: { minDepth?: number; memberId?: number | undefined } = {}): SQL {
  const only = options.memberId === undefined ? sql`` : sql` and team.descendant_id = ${options.memberId}`;
  return sql`(select team.descendant_id from ${memberTree} team where team.ancestor_id = ${ancestorId} and team.depth >= ${options.minDepth ?? 1}${only})`;
}

/**
 * A scalar SQL expression: the username of the member whose id is `memberId` (null for a null
 * id), so a list names its members in the same statement; aliased, so it nests in queries of members.
 */
export function usernameSql(memberId: Column | SQL): SQL<string> {
  return sql<string>`(select named.username from ${members} named where named.id = ${memberId})`;
}

/**
 * A derived table of the closure rows (ancestor_id, descendant_id, depth), for set-based joins in
 * another module's statement (a team's play over its rounds); PostgreSQL inlines it, so the
 * statement and its plan are the same as a join on member_tree.
 */
export function teamClosureRelation(): SQL {
  return sql`(select ancestor_id, descendant_id, depth from ${memberTree})`;
}

/** A scalar SQL expression: how deep a member sits in its tree (0 for a root), for ordering top-down. */
export function treeDepthSql(memberId: Column | SQL): SQL<number> {
  return sql<number>`(select max(tree.depth) from ${memberTree} tree where tree.descendant_id = ${memberId})`;
}

/**
 * One page of the members below `rootId` (direct ones only, or all), by username, and how many
 * there are (`total`: a caller that knows the count passes it, and no count is run). Direct
 * members are found by upline_id (members_upline_idx; the closure row decides); the others by
 * the merchant's username index, each probed against the closure key, so the planner can stop
 * after a page instead of sorting the whole team (a 1,000,000-member team: 28 s cold before).
 */
export async function listTeamPage(
  db: DbOrTx,
  input: { rootId: number; merchantId: number; directOnly: boolean; limit: number; offset: number; total?: number | undefined },
): Promise<{ members: MemberRow[]; total: number }> {
  const inTeam = sql`exists (select 1 from ${memberTree} team where team.ancestor_id = ${input.rootId} and team.descendant_id = ${members.id}
    and ${input.directOnly ? sql`team.depth = 1` : sql`team.depth >= 1`})`;
  const listed = await db
    .select()
    .from(members)
    // Direct members: no merchant condition, so the username index (merchant_id, username) is no
    // candidate and the planner cannot walk a whole merchant for the few of one upline.
    .where(and(input.directOnly ? eq(members.uplineId, input.rootId) : eq(members.merchantId, input.merchantId), inTeam))
    .orderBy(asc(members.username))
    .limit(input.limit)
    .offset(input.offset);
  if (input.total !== undefined) return { members: listed, total: input.total };
  const scope = and(eq(memberTree.ancestorId, input.rootId), input.directOnly ? eq(memberTree.depth, 1) : gte(memberTree.depth, 1));
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(memberTree).where(scope);
  return { members: listed, total: Number(count?.total ?? 0) };
}

/** The size of a member's team, the member included. */
export async function countTeam(db: DbOrTx, memberId: number): Promise<number> {
  const [team] = await db.select({ size: sql<number>`count(*)::int` }).from(memberTree).where(eq(memberTree.ancestorId, memberId));
  return Number(team?.size ?? 1);
}

/** The member's direct upline, confirmed by the closure table (the column alone could be stale). */
export async function findDirectUpline(db: DbOrTx, member: MemberRow): Promise<MemberRow | null> {
  if (!member.uplineId) return null;
  const [found] = await db
    .select({ member: members })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.ancestorId))
    .where(and(eq(memberTree.ancestorId, member.uplineId), eq(memberTree.descendantId, member.id), eq(memberTree.depth, 1)))
    .limit(1);
  return found?.member ?? null;
}

/** An agent's active downlines, nearest first, matching a search on username or nickname (at most 50): transfer recipients. */
export async function listActiveTeamMembers(db: DbOrTx, agentId: number, search: string | undefined) {
  // LIKE wildcards typed by the agent are dropped, so a search cannot widen itself to everyone.
  const pattern = search ? `%${search.replace(/[%_\\]/g, '')}%` : null;
  return db
    .select({ id: members.id, username: members.username, nickname: members.nickname, depth: memberTree.depth })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(
      and(
        eq(memberTree.ancestorId, agentId),
        gte(memberTree.depth, 1),
        eq(members.status, 'ACTIVE'),
        pattern ? or(ilike(members.username, pattern), ilike(members.nickname, pattern)) : undefined,
      ),
    )
    .orderBy(asc(memberTree.depth), asc(members.username))
    .limit(50);
}

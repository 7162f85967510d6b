import { and, asc, type Column, desc, eq, gte, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/*
 * The agent centre's downline search over the member's tree (the closure table and the member
 * rows are this module's): one indexed query for the page and one for the count, as before the
 * move. The caller scopes and checks (its subtree policy) and may add one column of its own
 * (the agent list's balance, from the wallet's face) computed in the same statement.
 */

const upline = alias(members, 'upline');
const AGENT_TYPE_LIST = [1, 2, 41, 42];

export interface TeamSearch {
  /** Only members below this one (already checked to be in the caller's subtree). */
  underId?: number | undefined;
  /** Only this member (a downline's card). */
  memberId?: number | undefined;
  directOnly?: boolean | undefined;
  kind?: 'ALL' | 'AGENT' | 'MEMBER' | undefined;
  keyword?: string | undefined;
  sort?: 'NEWEST' | 'OLDEST' | 'USERNAME' | 'LAST_LOGIN' | undefined;
  pageNo: number;
  pageSize: number;
}

export type TeamSearchRow = { member: MemberRow; depth: number; uplineUsername: string | null; teamSize: number; balance: string | null };

function searchConditions(db: DbOrTx, search: TeamSearch): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search.memberId !== undefined) conditions.push(eq(members.id, search.memberId));
  if (search.underId !== undefined) {
    const below = alias(memberTree, 'below');
    conditions.push(
      inArray(
        members.id,
        db
          .select({ id: below.descendantId })
          .from(below)
          .where(and(eq(below.ancestorId, search.underId), gte(below.depth, 1))),
      ),
    );
  }
  if (search.directOnly) conditions.push(eq(memberTree.depth, 1));
  if (search.kind === 'AGENT') conditions.push(inArray(members.type, AGENT_TYPE_LIST));
  if (search.kind === 'MEMBER') conditions.push(notInArray(members.type, AGENT_TYPE_LIST));
  if (search.keyword) {
    const pattern = `%${search.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(members.username, pattern), ilike(members.nickname, pattern)));
  }
  return and(...conditions);
}

function searchOrder(search: TeamSearch): SQL[] {
  if (search.memberId !== undefined) return [];
  return search.sort === 'OLDEST'
    ? [asc(members.createdAt), asc(members.id)]
    : search.sort === 'USERNAME'
      ? [asc(members.username)]
      : search.sort === 'LAST_LOGIN'
        ? [sql`${members.lastLoginAt} desc nulls last`, desc(members.id)]
        : [desc(members.createdAt), desc(members.id)];
}

/** One page of the members below `agentId` matching the search; `balance` is the caller's column of a member id. */
export async function searchTeam(
  db: DbOrTx,
  agentId: number,
  search: TeamSearch,
  balance: (memberId: Column) => SQL<string | null>,
): Promise<TeamSearchRow[]> {
  return db
    .select({
      member: members,
      depth: memberTree.depth,
      uplineUsername: upline.username,
      teamSize: sql<number>`(select count(*)::int - 1 from member_tree team where team.ancestor_id = ${members.id})`,
      balance: balance(members.id),
    })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(and(eq(memberTree.ancestorId, agentId), gte(memberTree.depth, 1), searchConditions(db, search)))
    .orderBy(...searchOrder(search))
    .limit(search.pageSize)
    .offset((search.pageNo - 1) * search.pageSize);
}

/** How many members below `agentId` match the search (the page's total). */
export async function countTeamSearch(db: DbOrTx, agentId: number, search: TeamSearch): Promise<number> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, agentId), gte(memberTree.depth, 1), searchConditions(db, search)));
  return Number(count?.total ?? 0);
}

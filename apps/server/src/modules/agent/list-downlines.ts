import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, desc, eq, gte, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { AgentContext } from '../../platform/request-context';
import { availableCashSql } from '../wallet/index';
import { readAgentSettings } from './agent-settings';
import { assertInSubtree } from './policy';

const upline = alias(members, 'upline');
const AGENT_TYPE_LIST = [1, 2, 41, 42];

export interface DownlineFilter {
  keyword?: string | undefined;
  directOnly?: 'true' | 'false' | undefined;
  underId?: number | undefined;
  kind: 'ALL' | 'AGENT' | 'MEMBER';
  sort: 'NEWEST' | 'OLDEST' | 'USERNAME' | 'LAST_LOGIN';
  pageNo: number;
  pageSize: number;
}

type Row = { member: MemberRow; depth: number; uplineUsername: string | null; teamSize: number; balance: string | null };

/** Rows of the subtree with what the list shows; `where` is already scoped to the agent. */
export async function selectDownlineRows(
  db: DbOrTx,
  agentId: number,
  where: SQL | undefined,
  order: SQL[],
  page: { pageNo: number; pageSize: number },
): Promise<Row[]> {
  return db
    .select({
      member: members,
      depth: memberTree.depth,
      uplineUsername: upline.username,
      teamSize: sql<number>`(select count(*)::int - 1 from member_tree team where team.ancestor_id = ${members.id})`,
      balance: availableCashSql(members.id),
    })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .leftJoin(upline, eq(upline.id, members.uplineId))
    .where(and(eq(memberTree.ancestorId, agentId), gte(memberTree.depth, 1), where))
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
}

export function presentDownline(row: Row, isBalanceVisible: boolean) {
  return {
    memberId: row.member.id,
    username: row.member.username,
    nickname: row.member.nickname,
    type: row.member.type as 0 | 1 | 2 | 4 | 41 | 42,
    depth: row.depth,
    uplineId: row.member.uplineId ?? null,
    uplineUsername: row.uplineUsername,
    status: row.member.status,
    teamSize: Number(row.teamSize),
    registeredAt: row.member.createdAt.toISOString(),
    lastLoginAt: row.member.lastLoginAt?.toISOString() ?? null,
    balance: isBalanceVisible ? formatAmount(BigInt(row.balance ?? '0')) : null,
  };
}

/** downlineManagmentView: search and page the caller's subtree (one indexed query on the closure table). */
export async function listDownlines(ctx: AgentContext, agent: MemberRow, filter: DownlineFilter) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.underId !== undefined) {
    await assertInSubtree(ctx.db, agent.id, filter.underId, { minDepth: 0 });
    const below = alias(memberTree, 'below');
    conditions.push(
      inArray(
        members.id,
        ctx.db
          .select({ id: below.descendantId })
          .from(below)
          .where(and(eq(below.ancestorId, filter.underId), gte(below.depth, 1))),
      ),
    );
  }
  if (filter.directOnly === 'true') conditions.push(eq(memberTree.depth, 1));
  if (filter.kind === 'AGENT') conditions.push(inArray(members.type, AGENT_TYPE_LIST));
  if (filter.kind === 'MEMBER') conditions.push(notInArray(members.type, AGENT_TYPE_LIST));
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(members.username, pattern), ilike(members.nickname, pattern)));
  }
  const where = and(...conditions);
  const order =
    filter.sort === 'OLDEST'
      ? [asc(members.createdAt), asc(members.id)]
      : filter.sort === 'USERNAME'
        ? [asc(members.username)]
        : filter.sort === 'LAST_LOGIN'
          ? [sql`${members.lastLoginAt} desc nulls last`, desc(members.id)]
          : [desc(members.createdAt), desc(members.id)];
  const rows = await selectDownlineRows(ctx.db, agent.id, where, order, filter);
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, agent.id), gte(memberTree.depth, 1), where));
  const isVisible = readAgentSettings(ctx.merchant).isDownlineBalanceVisible;
  return {
    items: rows.map((row) => presentDownline(row, isVisible)),
    total: Number(count?.total ?? 0),
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}

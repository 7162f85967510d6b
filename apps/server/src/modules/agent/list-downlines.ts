import { formatAmount } from '@kismat/contracts/wallet';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { countTeamSearch, decodeTeamCursor, searchTeam, type TeamSearch, type TeamSearchRow } from '../member/index';
import { availableCashSql } from '../wallet/index';
import { readAgentSettings } from './agent-settings';
import { assertInSubtree } from './policy';
import { memoizedReport } from './report-cache';

export interface DownlineFilter {
  keyword?: string | undefined;
  directOnly?: 'true' | 'false' | undefined;
  underId?: number | undefined;
  kind: 'ALL' | 'AGENT' | 'MEMBER';
  sort: 'NEWEST' | 'OLDEST' | 'USERNAME' | 'LAST_LOGIN';
  /** The previous page's nextCursor; none: the first page. */
  cursor?: string | undefined;
  pageNo: number;
  pageSize: number;
}

/** Rows of the agent's subtree with what the list shows (the tree search is the member module's; the balance the wallet's). */
export function selectDownlineRows(
  ctx: AgentContext,
  agentId: number,
  search: TeamSearch,
): Promise<{ rows: TeamSearchRow[]; nextCursor: string | null }> {
  return searchTeam(ctx.db, agentId, search, (memberId) => availableCashSql(memberId, ctx.merchant.id));
}

export function presentDownline(row: TeamSearchRow, isBalanceVisible: boolean) {
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

/**
 * downlineManagmentView: search and page the caller's subtree by cursor (keyset on the closure
 * table, never OFFSET); the total is counted, up to 10,000, on the first page only (memoized).
 */
export async function listDownlines(ctx: AgentContext, agent: MemberRow, filter: DownlineFilter) {
  if (filter.underId !== undefined) await assertInSubtree(ctx.db, agent.id, filter.underId, { minDepth: 0 });
  const after = filter.cursor === undefined ? undefined : decodeTeamCursor(filter.cursor);
  // A forged cursor is only ever a position in the caller's own team (the query stays scoped).
  if (after === null) throw new AppError('BAD_REQUEST');
  const search: TeamSearch = { ...filter, directOnly: filter.directOnly === 'true', after };
  const page = await selectDownlineRows(ctx, agent.id, search);
  // The total is an API field the agent centre's pager does not show (it pages by cursor): counted
  // up to 10,000 and memoized like the reports' headcounts (REPORT_CACHE_MS, single-flight per
  // agent and filter), so ten agents paging at once do not each count a team of a million.
  const countKey = `downlines-total:${ctx.merchant.id}:${agent.id}:${JSON.stringify([filter.keyword ?? '', filter.directOnly ?? '', filter.underId ?? '', filter.kind])}`;
  const total = after === undefined ? await memoizedReport(countKey, Date.now(), () => countTeamSearch(ctx.db, agent.id, search)) : null;
  const isVisible = readAgentSettings(ctx.merchant).isDownlineBalanceVisible;
  return {
    items: page.rows.map((row) => presentDownline(row, isVisible)),
    total,
    nextCursor: page.nextCursor,
    pageNo: filter.pageNo,
    pageSize: filter.pageSize,
  };
}

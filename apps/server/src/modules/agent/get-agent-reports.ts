import { CONTRACT_TYPES, type DatePreset } from '@kismat/contracts/agent';
import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, sql } from 'drizzle-orm';
import { agentContractBills } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { toBigInt } from '../../platform/sql-values';
import { countTeamSearch, listTeamPage, teamIdsSql, usernameSql } from '../member/index';
import { countEntriesOfOwners, listEntriesOfOwners } from '../wallet/index';
import { assertInSubtree } from './policy';
import { billsForPeriodsIn } from './present-bill';
import { memoizedReport } from './report-cache';
import { presentReportPeriod, resolveReportPeriod } from './resolve-report-period';
import { countTeamMembers, readTeamSizes } from './team-headcounts';
import { readTeamPerformance } from './team-performance';
import { type MemberPlay, type MoneyFlows, readPlayByMember, readTeamMoneyFlows } from './team-queries';
import { isOnWholeHours, readMemberRollups, readTeamRollup, readTeamRollups } from './team-rollups';

type TeamPlay = { validBet: bigint; payout: bigint };

const DOWNLINE_TRANSACTIONS_COUNT_LIMIT = 10_000;
/** Below this many members a team's transactions are read account by account (see listEntriesOfOwners). */
const FEW_OWNERS = 2_000;
interface ListedPage {
  page: Awaited<ReturnType<typeof listTeamPage>>;
  /** Off whole hours only: each row's and the team's requests (on whole hours they come from the rollups). */
  rows: Map<number, MoneyFlows>;
  /** Each direct row's team size (headcount rows: ~10,000 per large team, so memoized with the page). */
  sizes: Map<number, number>;
  totalFlows: MoneyFlows;
}
const NO_FLOWS: MoneyFlows = { deposits: 0n, depositCount: 0, withdrawals: 0n, withdrawalCount: 0 };

type PeriodInput = { preset?: DatePreset | undefined; startDate?: string | undefined; endDate?: string | undefined };

/** agentRevenueReport: per contract type, what the agent received, paid its downlines, and still owes. */
export async function getRevenueReport(ctx: AgentContext, agent: MemberRow, query: PeriodInput) {
  const period = resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes);
  const rows = await ctx.db
    .select({
      type: agentContractBills.type,
      received: sql<string>`coalesce(sum(${agentContractBills.amountPaid}) filter (where ${agentContractBills.payeeId} = ${agent.id}), 0)::text`,
      paid: sql<string>`coalesce(sum(${agentContractBills.amountPaid}) filter (where ${agentContractBills.payerId} = ${agent.id}), 0)::text`,
      outstanding: sql<string>`coalesce(sum(${agentContractBills.amountDue} - ${agentContractBills.amountPaid}) filter (where ${agentContractBills.payerId} = ${agent.id}), 0)::text`,
    })
    .from(agentContractBills)
    .where(
      and(
        sql`(${agentContractBills.payeeId} = ${agent.id} or ${agentContractBills.payerId} = ${agent.id})`,
        billsForPeriodsIn(period.from, period.to),
      ),
    )
    .groupBy(agentContractBills.type);
  const byType = new Map(rows.map((row) => [row.type, row]));
  let totalReceived = 0n;
  let totalPaid = 0n;
  const result = CONTRACT_TYPES.map((type) => {
    const row = byType.get(type);
    const received = toBigInt(row?.received);
    const paid = toBigInt(row?.paid);
    totalReceived += received;
    totalPaid += paid;
    return {
      type,
      received: formatAmount(received),
      paidToDownlines: formatAmount(paid),
      net: formatAmount(received - paid),
      outstanding: formatAmount(toBigInt(row?.outstanding)),
    };
  });
  return {
    period: presentReportPeriod(period),
    rows: result,
    totalReceived: formatAmount(totalReceived),
    totalPaid: formatAmount(totalPaid),
    totalNet: formatAmount(totalReceived - totalPaid),
  };
}

/** palStatementsAgentCopy: profit and loss per direct downline (with its team) or per member of the subtree. */
export async function getProfitLossReport(
  ctx: AgentContext,
  agent: MemberRow,
  query: PeriodInput & { groupBy: 'DIRECT' | 'MEMBER'; underId?: number | undefined; pageNo: number; pageSize: number },
) {
  const period = resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes);
  const root = query.underId ?? agent.id;
  if (query.underId !== undefined) await assertInSubtree(ctx.db, agent.id, query.underId, { minDepth: 0 });
  const isTeam = query.groupBy === 'DIRECT';
  // The page of the team and, off whole hours, the deposits and withdrawals of each row and of the
  // team visit every member below them: memoized REPORT_CACHE_MS per (root, grouping, page,
  // period); on whole hours the play figures, deposits and withdrawals (team and member rollups)
  // are read fresh below, and the team sizes are headcount rows.
  const rollups = isOnWholeHours(period.from, period.to);
  const key = `pl:${ctx.merchant.id}:${root}:${query.groupBy}:${query.pageNo}:${query.pageSize}:${period.from.toISOString()}:${period.to.toISOString()}`;
  const listed = await memoizedReport(key, Date.now(), async (): Promise<ListedPage> => {
    const listedPage = await listTeamPage(ctx.db, {
      rootId: root,
      merchantId: ctx.merchant.id,
      directOnly: isTeam,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
      total: await countTeamMembers(ctx.db, { rootId: root, directOnly: isTeam }),
    });
    const rawFlows = (input: { rootId: number; minDepth?: number; memberId?: number }): Promise<MoneyFlows> =>
      readTeamMoneyFlows(ctx.db, { ...input, from: period.from, to: period.to });
    const rows = new Map<number, MoneyFlows>();
    for (const member of rollups ? [] : listedPage.members) {
      rows.set(member.id, await rawFlows({ rootId: member.id, minDepth: 0, ...(isTeam ? {} : { memberId: member.id }) }));
    }
    const sizes = isTeam
      ? await readTeamSizes(
          ctx.db,
          listedPage.members.map((member) => member.id),
        )
      : new Map<number, number>();
    return { page: listedPage, rows, sizes, totalFlows: rollups ? NO_FLOWS : await rawFlows({ rootId: root }) };
  });
  const { page } = listed;
  const ids = page.members.map((member) => member.id);
  // Direct rows: each downline's team from the team rollup in one read (raw rounds when the
  // period is not on whole hours); member rows: the page's members' own rounds in one read. On
  // whole hours each row's deposits and withdrawals come from the same rollup rows.
  const teams = new Map<number, TeamPlay>();
  const flowsFromRollups = new Map<number, MoneyFlows>();
  const moneyOf = (f: MoneyFlows): MoneyFlows => ({
    deposits: f.deposits,
    depositCount: f.depositCount,
    withdrawals: f.withdrawals,
    withdrawalCount: f.withdrawalCount,
  });
  if (isTeam && rollups) {
    for (const [id, f] of await readTeamRollups(ctx.db, { rootIds: ids, from: period.from, to: period.to })) {
      teams.set(id, { validBet: f.validBet, payout: f.payout });
      flowsFromRollups.set(id, moneyOf(f));
    }
  } else if (isTeam) {
    for (const id of ids) {
      const play = await readTeamPerformance(ctx.db, { rootMemberId: id, from: period.from, to: period.to, activeMemberMinBet: 0n });
      teams.set(id, { validBet: play.validBet, payout: play.validBet - play.netLoss });
    }
  } else if (rollups) {
    for (const [id, f] of await readMemberRollups(ctx.db, { memberIds: ids, from: period.from, to: period.to })) {
      flowsFromRollups.set(id, moneyOf(f));
    }
  }
  const { sizes } = listed;
  const teamFigures = rollups ? await readTeamRollup(ctx.db, { rootId: root, from: period.from, to: period.to, minDepth: 1 }) : null;
  const totalFlows = teamFigures ? moneyOf(teamFigures) : listed.totalFlows;
  const singles = isTeam
    ? new Map<number, MemberPlay>()
    : await readPlayByMember(ctx.db, { memberIds: ids, from: period.from, to: period.to });
  const items = [];
  for (const member of page.members) {
    const single = singles.get(member.id);
    const team = teams.get(member.id);
    const flows = flowsFromRollups.get(member.id) ?? listed.rows.get(member.id) ?? NO_FLOWS;
    const teamSize = sizes.get(member.id) ?? 1;
    const validBet = team ? team.validBet : (single?.validBet ?? 0n);
    const payout = team ? team.payout : (single?.payout ?? 0n);
    items.push({
      memberId: member.id,
      username: member.username,
      type: member.type as 0 | 1 | 2 | 4 | 41 | 42,
      teamSize,
      validBet: formatAmount(validBet),
      payout: formatAmount(payout),
      memberWinLoss: formatAmount(payout - validBet),
      betCount: single?.betCount ?? 0,
      deposits: formatAmount(flows.deposits),
      withdrawals: formatAmount(flows.withdrawals),
    });
  }
  const totals = teamFigures
    ? { validBet: teamFigures.validBet, netLoss: teamFigures.validBet - teamFigures.payout }
    : await readTeamPerformance(ctx.db, { rootMemberId: root, from: period.from, to: period.to, activeMemberMinBet: 0n, minDepth: 1 });
  return {
    items,
    total: page.total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    period: presentReportPeriod(period),
    totals: {
      validBet: formatAmount(totals.validBet),
      payout: formatAmount(totals.validBet - totals.netLoss),
      memberWinLoss: formatAmount(-totals.netLoss),
      // Bet counts are per member rows only; team rows do not count bets.
      betCount: items.reduce((sum, item) => sum + item.betCount, 0),
      deposits: formatAmount(totalFlows.deposits),
      withdrawals: formatAmount(totalFlows.withdrawals),
    },
  };
}

/** agentDownlineTransactionDetailsCopy: ledger entries on the cash wallets of the subtree (not the agent's own). */
export async function listDownlineTransactions(
  ctx: AgentContext,
  agent: MemberRow,
  query: PeriodInput & {
    memberId?: number | undefined;
    type?: LedgerTransferType | undefined;
    cursor?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const period = resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes);
  if (query.memberId !== undefined) await assertInSubtree(ctx.db, agent.id, query.memberId);
  // The cursor is the last entry id of the previous page; the query stays scoped to the team whatever it says.
  const beforeEntryId = query.cursor === undefined ? undefined : Number(query.cursor);
  if (beforeEntryId !== undefined && !(Number.isSafeInteger(beforeEntryId) && beforeEntryId > 0)) throw new AppError('BAD_REQUEST');
  const owners = {
    owners: teamIdsSql(agent.id, { memberId: query.memberId }),
    accountCodes: ['MEMBER_CASH'] as const,
    type: query.type,
    from: period.from,
    to: period.to,
    beforeEntryId,
  };
  // A small team (or one member) reads its accounts' newest entries; a large one walks the ledger
  // newest first (listEntriesOfOwners). The team's size up to the bound: index-only, memoized.
  const teamSize = await memoizedReport(`team-size:${ctx.merchant.id}:${agent.id}`, Date.now(), () =>
    countTeamSearch(ctx.db, agent.id, { pageSize: 1 }),
  );
  const entries = await listEntriesOfOwners(ctx.db, {
    ...owners,
    ownerName: usernameSql,
    limit: query.pageSize + 1,
    fewOwners: query.memberId !== undefined || teamSize < FEW_OWNERS,
  });
  // A bounded total on the first page only (exact up to 10,000 entries, then 10,000), which the
  // pager does not show: memoized REPORT_CACHE_MS per filter.
  const countKey = `downline-entries:${ctx.merchant.id}:${agent.id}:${query.memberId ?? ''}:${query.type ?? ''}:${period.from.toISOString()}:${period.to.toISOString()}`;
  const total =
    beforeEntryId === undefined
      ? await memoizedReport(countKey, Date.now(), () =>
          countEntriesOfOwners(ctx.db, { ...owners, countLimit: DOWNLINE_TRANSACTIONS_COUNT_LIMIT }),
        )
      : null;
  const page = entries.items.slice(0, query.pageSize);
  const last = page.at(-1);
  return {
    nextCursor: entries.items.length > query.pageSize && last ? String(last.entryId) : null,
    items: page.map((entry) => ({
      entryId: entry.entryId,
      memberId: entry.ownerMemberId,
      username: entry.ownerName,
      type: entry.type,
      description: entry.description ?? null,
      amount: formatAmount(entry.amount),
      balanceAfter: formatAmount(entry.balanceAfter),
      createdAt: entry.createdAt.toISOString(),
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    period: presentReportPeriod(period),
  };
}

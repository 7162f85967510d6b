import type { DatePreset } from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { agentContractBills } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { AgentContext } from '../../platform/request-context';
import { toBigInt } from '../../platform/sql-values';
import { billsForPeriodsIn } from './present-bill';
import { memoizedReport } from './report-cache';
import { presentReportPeriod, resolveReportPeriod } from './resolve-report-period';
import { countActiveMembersByDays, isOnLocalDays } from './team-active-days';
import { readTeamHeadcounts } from './team-headcounts';
import { readTeamPerformance } from './team-performance';
import { readTeamMoneyFlows } from './team-queries';
import { countActiveMembers, isOnWholeHours, readTeamRollup } from './team-rollups';

async function sumBills(ctx: AgentContext, where: ReturnType<typeof and>) {
  const [row] = await ctx.db
    .select({
      salaries: sql<string>`coalesce(sum(${agentContractBills.amountPaid}) filter (where ${agentContractBills.type} <> 'DIVIDEND'), 0)::text`,
      dividends: sql<string>`coalesce(sum(${agentContractBills.amountPaid}) filter (where ${agentContractBills.type} = 'DIVIDEND'), 0)::text`,
    })
    .from(agentContractBills)
    .where(where);
  return { salaries: toBigInt(row?.salaries), dividends: toBigInt(row?.dividends) };
}

/**
 * The team's play, deposits and withdrawals below the agent over the period: from the rollups (a
 * report may trail the money by the fact consumer's lag, ~1-2 s; a deposit counts in the hour it
 * was credited, a withdrawal in the hour it was approved) when the period is on whole hours, else
 * from the settled rounds and the cashier requests. Active members (a distinct count, not a sum of
 * hours) come from the memoized reads.
 */
async function readTeamPlay(ctx: AgentContext, rootId: number, period: { from: Date; to: Date }, activeMembers: number | null) {
  if (activeMembers === null || !isOnWholeHours(period.from, period.to)) {
    const play = await readTeamPerformance(ctx.db, {
      rootMemberId: rootId,
      from: period.from,
      to: period.to,
      activeMemberMinBet: 0n,
      minDepth: 1,
    });
    const flows = await readTeamMoneyFlows(ctx.db, { rootId, from: period.from, to: period.to });
    return { ...play, ...flows };
  }
  // The deposits of a 1,000,000-member team were its deposit requests, 2.6 s cold; its
  // withdrawals its withdrawal requests (a join of the whole subtree, memoized per period).
  const figures = await readTeamRollup(ctx.db, { rootId, from: period.from, to: period.to, minDepth: 1 });
  return {
    validBet: figures.validBet,
    netLoss: figures.validBet - figures.payout,
    activeMembers,
    deposits: figures.deposits,
    depositCount: figures.depositCount,
    withdrawals: figures.withdrawals,
    withdrawalCount: figures.withdrawalCount,
  };
}

/** agentTeamOverview: the subtree's figures for a period (the agent itself excluded from play figures). */
export async function getTeamOverview(
  ctx: AgentContext,
  agent: MemberRow,
  query: { preset?: DatePreset | undefined; startDate?: string | undefined; endDate?: string | undefined },
) {
  const period = resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes);
  // Headcounts (rows per registration hour) and active members: memoized for REPORT_CACHE_MS.
  const key = `overview:${ctx.merchant.id}:${agent.id}:${period.from.toISOString()}:${period.to.toISOString()}`;
  // The two run side by side (the reports' pool has connections for them). Active members of a
  // period of whole local days come from the active-days rows (a few hundred per team); before,
  // they were ~6 s cold for a 1,000,000-member team (team-active-days.ts); the headcounts from
  // the headcount rows (team-headcounts.ts; 2.9 s cold before).
  const { counts, activeMembers } = await memoizedReport(key, Date.now(), async () => {
    const [counts, activeMembers] = await Promise.all([
      readTeamHeadcounts(ctx.db, { rootId: agent.id, from: period.from, to: period.to }),
      isOnLocalDays(period.from, period.to, ctx.merchant.utcOffsetMinutes)
        ? countActiveMembersByDays(ctx.db, { rootId: agent.id, from: period.from, to: period.to })
        : isOnWholeHours(period.from, period.to)
          ? countActiveMembers(ctx.db, { rootId: agent.id, from: period.from, to: period.to, minDepth: 1, minBet: 0n })
          : null,
    ]);
    return { counts, activeMembers };
  });
  const play = await readTeamPlay(ctx, agent.id, period, activeMembers);
  const paid = await sumBills(ctx, and(eq(agentContractBills.payerId, agent.id), billsForPeriodsIn(period.from, period.to)));
  const received = await sumBills(ctx, and(eq(agentContractBills.payeeId, agent.id), billsForPeriodsIn(period.from, period.to)));
  return {
    period: presentReportPeriod(period),
    ...counts,
    activeMembers: play.activeMembers,
    deposits: formatAmount(play.deposits),
    depositCount: play.depositCount,
    withdrawals: formatAmount(play.withdrawals),
    withdrawalCount: play.withdrawalCount,
    validBet: formatAmount(play.validBet),
    memberWinLoss: formatAmount(-play.netLoss),
    salariesPaid: formatAmount(paid.salaries),
    dividendsPaid: formatAmount(paid.dividends),
    salariesReceived: formatAmount(received.salaries),
    dividendsReceived: formatAmount(received.dividends),
  };
}

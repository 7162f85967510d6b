import { CONTRACT_TYPES, type DatePreset } from '@kismat/contracts/agent';
import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import { agentContractBills } from '../../db/schema/agent';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { MemberRow } from '../../platform/auth';
import type { AgentContext } from '../../platform/request-context';
import { toBigInt } from '../../platform/sql-values';
import { assertInSubtree } from './policy';
import { billsForPeriodsIn } from './present-bill';
import { presentReportPeriod, resolveReportPeriod } from './resolve-report-period';
import { readTeamPerformance } from './team-performance';
import { readPlayByMember, readTeamMoneyFlows } from './team-queries';

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
  const scope = and(eq(memberTree.ancestorId, root), query.groupBy === 'DIRECT' ? eq(memberTree.depth, 1) : gte(memberTree.depth, 1));
  const listed = await ctx.db
    .select({ member: members })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(scope)
    .orderBy(asc(members.username))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const [count] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(memberTree).where(scope);
  const items = [];
  for (const { member } of listed) {
    const isTeam = query.groupBy === 'DIRECT';
    const play = isTeam
      ? await readTeamPerformance(ctx.db, { rootMemberId: member.id, from: period.from, to: period.to, activeMemberMinBet: 0n })
      : null;
    const single = isTeam
      ? null
      : (await readPlayByMember(ctx.db, { memberIds: [member.id], from: period.from, to: period.to })).get(member.id);
    const flows = await readTeamMoneyFlows(ctx.db, {
      rootId: member.id,
      from: period.from,
      to: period.to,
      minDepth: 0,
      ...(isTeam ? {} : { memberIds: [member.id] }),
    });
    const [team] = isTeam
      ? await ctx.db.select({ size: sql<number>`count(*)::int` }).from(memberTree).where(eq(memberTree.ancestorId, member.id))
      : [{ size: 1 }];
    const validBet = play ? play.validBet : (single?.validBet ?? 0n);
    const payout = play ? play.validBet - play.netLoss : (single?.payout ?? 0n);
    items.push({
      memberId: member.id,
      username: member.username,
      type: member.type as 0 | 1 | 2 | 4 | 41 | 42,
      teamSize: Number(team?.size ?? 1),
      validBet: formatAmount(validBet),
      payout: formatAmount(payout),
      memberWinLoss: formatAmount(payout - validBet),
      betCount: single?.betCount ?? 0,
      deposits: formatAmount(flows.deposits),
      withdrawals: formatAmount(flows.withdrawals),
    });
  }
  const totals = await readTeamPerformance(ctx.db, {
    rootMemberId: root,
    from: period.from,
    to: period.to,
    activeMemberMinBet: 0n,
    minDepth: 1,
  });
  const totalFlows = await readTeamMoneyFlows(ctx.db, { rootId: root, from: period.from, to: period.to });
  return {
    items,
    total: Number(count?.total ?? 0),
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
  query: PeriodInput & { memberId?: number | undefined; type?: LedgerTransferType | undefined; pageNo: number; pageSize: number },
) {
  const period = resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes);
  if (query.memberId !== undefined) await assertInSubtree(ctx.db, agent.id, query.memberId);
  const where = and(
    eq(memberTree.ancestorId, agent.id),
    gte(memberTree.depth, 1),
    query.memberId !== undefined ? eq(memberTree.descendantId, query.memberId) : undefined,
    inArray(ledgerAccounts.code, ['MEMBER_CASH']),
    query.type ? eq(ledgerTransfers.type, query.type) : undefined,
    gte(ledgerEntries.createdAt, period.from),
    lt(ledgerEntries.createdAt, period.to),
  );
  const base = () =>
    ctx.db
      .select({ entry: ledgerEntries, transfer: ledgerTransfers, username: members.username, memberId: members.id })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.descendantId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.ownerMemberId, memberTree.descendantId))
      .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId));
  const rows = await base()
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(memberTree)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.ownerMemberId, memberTree.descendantId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(where);
  return {
    items: rows.map((row) => ({
      entryId: row.entry.id,
      memberId: row.memberId,
      username: row.username,
      type: row.transfer.type,
      description: row.transfer.description ?? null,
      amount: formatAmount(row.entry.amount),
      balanceAfter: formatAmount(row.entry.balanceAfter),
      createdAt: row.entry.createdAt.toISOString(),
    })),
    total: Number(count?.total ?? 0),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    period: presentReportPeriod(period),
  };
}

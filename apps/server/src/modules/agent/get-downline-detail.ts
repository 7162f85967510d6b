import type { DatePreset } from '@kismat/contracts/agent';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, isNull, or } from 'drizzle-orm';
import { agentContracts } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { AgentContext } from '../../platform/request-context';
import { restrictedMemberIds } from '../responsible-gambling/index';
import { readAgentSettings } from './agent-settings';
import { listContractViews } from './contract-queries';
import { presentDownline, selectDownlineRows } from './list-downlines';
import { assertInSubtree } from './policy';
import { presentReportPeriod, resolveReportPeriod } from './resolve-report-period';
import { readPlayByMember, readTeamMoneyFlows } from './team-queries';

/** One downline's card: identity, balance (merchant policy), its own deposits, bets and contracts in a period. */
export async function getDownlineDetail(
  ctx: AgentContext,
  agent: MemberRow,
  memberId: number,
  query: { preset?: DatePreset | undefined; startDate?: string | undefined; endDate?: string | undefined },
) {
  const { depth } = await assertInSubtree(ctx.db, agent.id, memberId);
  const period = resolveReportPeriod(query, ctx.now, ctx.merchant.utcOffsetMinutes);
  const [row] = (await selectDownlineRows(ctx, agent.id, { memberId, pageSize: 1 })).rows;
  if (!row) throw new Error('downline vanished');
  const flows = await readTeamMoneyFlows(ctx.db, {
    rootId: memberId,
    from: period.from,
    to: period.to,
    minDepth: 0,
    memberId,
  });
  const play = (await readPlayByMember(ctx.db, { memberIds: [memberId], from: period.from, to: period.to })).get(memberId);
  const validBet = play?.validBet ?? 0n;
  const payout = play?.payout ?? 0n;
  const contracts = await listContractViews(
    ctx.db,
    and(
      eq(agentContracts.memberId, memberId),
      or(isNull(agentContracts.offererId), eq(agentContracts.offererId, row.member.uplineId ?? -1)),
    ),
    {
      pageNo: 1,
      pageSize: 50,
    },
  );
  return {
    ...presentDownline(row, readAgentSettings(ctx.merchant).isDownlineBalanceVisible),
    period: presentReportPeriod(period),
    deposits: formatAmount(flows.deposits),
    withdrawals: formatAmount(flows.withdrawals),
    validBet: formatAmount(validBet),
    betCount: play?.betCount ?? 0,
    memberWinLoss: formatAmount(payout - validBet),
    contracts: contracts.items,
    isDirect: depth === 1,
    restricted: (await restrictedMemberIds(ctx.db, [memberId], ctx.now)).has(memberId),
  };
}

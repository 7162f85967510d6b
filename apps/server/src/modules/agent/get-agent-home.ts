import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, inArray, or } from 'drizzle-orm';
import { agentContracts } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { AgentContext } from '../../platform/request-context';
import { getMemberBalances } from '../wallet/index';
import { getConsolidatedFlags } from './get-consolidated-flags';
import { creatableTypes } from './policy';

/** The agent centre's header and menu. A contract page shows when the agent holds or gives a contract of its type. */
export async function getAgentHome(ctx: AgentContext, agent: MemberRow) {
  const flags = await getConsolidatedFlags(ctx, agent);
  const given = await ctx.db
    .selectDistinct({ type: agentContracts.type })
    .from(agentContracts)
    .where(
      and(
        or(eq(agentContracts.offererId, agent.id), eq(agentContracts.memberId, agent.id)),
        inArray(agentContracts.status, ['ACTIVE', 'PENDING', 'TERMINATED', 'REPLACED']),
      ),
    );
  const types = new Set(given.map((row) => row.type));
  const balances = await getMemberBalances(ctx.db, { merchantId: ctx.merchant.id, memberId: agent.id });
  return {
    memberId: agent.id,
    username: agent.username,
    nickname: agent.nickname,
    type: agent.type as 0 | 1 | 2 | 4 | 41 | 42,
    affiliateCode: agent.affiliateCode ?? null,
    utcOffsetMinutes: ctx.merchant.utcOffsetMinutes,
    serverTime: ctx.now.toISOString(),
    menu: {
      dividend: flags.divtypereq || types.has('DIVIDEND'),
      dailySalary: flags.dailysalreqtype || types.has('DAILY_SALARY'),
      hourSalary: flags.contracthoursalreq || types.has('HOURLY_SALARY'),
      realtimeSalary: flags.realtimesalreqtype || types.has('REALTIME_SALARY'),
    },
    creatableTypes: creatableTypes(agent) as (0 | 1 | 2 | 4 | 41 | 42)[],
    cashBalance: formatAmount(balances.available),
    earningsBalance: formatAmount(balances.agentEarnings),
  };
}

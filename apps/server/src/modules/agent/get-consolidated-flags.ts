import { and, eq, inArray } from 'drizzle-orm';
import { agentContracts } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import { isTrial } from '../../platform/policy';
import type { AgentContext } from '../../platform/request-context';
import type { ConsolidatedFlags } from '../member/index';
import { isAgentPolicyOn } from './agent-policy-flag';

/**
 * GET /wps/member/info/funds/consolidated: a flag is on when the member has a PENDING offer or
 * an ACTIVE contract of that type (the web then shows the contract popup or the agent page).
 * All off for trial players and when the merchant's AGENTPOLICY3 is off (spec section 5).
 */
export async function getConsolidatedFlags(ctx: Pick<AgentContext, 'db' | 'merchant'>, member: MemberRow): Promise<ConsolidatedFlags> {
  const flags = { dailysalreqtype: false, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: false };
  if (isTrial(member) || !isAgentPolicyOn(ctx.merchant)) return flags;
  const rows = await ctx.db
    .selectDistinct({ type: agentContracts.type })
    .from(agentContracts)
    .where(and(eq(agentContracts.memberId, member.id), inArray(agentContracts.status, ['PENDING', 'ACTIVE'])));
  for (const { type } of rows) {
    if (type === 'DAILY_SALARY') flags.dailysalreqtype = true;
    if (type === 'DIVIDEND') flags.divtypereq = true;
    if (type === 'HOURLY_SALARY') flags.contracthoursalreq = true;
    if (type === 'REALTIME_SALARY') flags.realtimesalreqtype = true;
  }
  return flags;
}

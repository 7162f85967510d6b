import type { ContractType } from '@kismat/contracts/agent';
import { and, eq, inArray } from 'drizzle-orm';
import { agentContractBills, agentContracts } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { assertAgentPolicyOn } from './agent-policy-flag';
import { type contractViewById, listContractViews } from './contract-queries';
import { listBillViews } from './present-bill';
import { acceptContract, rejectContract } from './respond-to-contract';
import { terminateContract } from './terminate-contract';

export interface ContractRelayInput {
  action: 'list' | 'accept' | 'reject' | 'terminate' | 'bills';
  contractId?: number | undefined;
  agreeTerminateDownlines?: boolean | undefined;
  pageNo: number;
  pageSize: number;
}

/** The downline's side of one contract type (MCS2_processDividendReq and friends): list, accept, reject, terminate, bills. */
export async function processContractRelay(ctx: AgentContext, member: MemberRow, type: ContractType, input: ContractRelayInput) {
  assertAgentPolicyOn(ctx.merchant);
  const needsId = input.action === 'accept' || input.action === 'reject' || input.action === 'terminate';
  if (needsId && input.contractId === undefined) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'contractId', reason: 'required' }] } });
  }
  let contracts: Awaited<ReturnType<typeof contractViewById>>[] = [];
  let cascadedContractIds: number[] = [];
  const contractId = input.contractId ?? 0;
  if (input.action === 'accept') {
    const result = await acceptContract(ctx, member, { type, contractId, agreeTerminateDownlines: input.agreeTerminateDownlines === true });
    contracts = [result.contract];
    cascadedContractIds = result.cascadedContractIds;
  } else if (input.action === 'reject') {
    contracts = [await rejectContract(ctx, member, { type, contractId })];
  } else if (input.action === 'terminate') {
    const found = await ctx.db.select({ type: agentContracts.type }).from(agentContracts).where(eq(agentContracts.id, contractId)).limit(1);
    if (found[0]?.type !== type) throw new AppError('CONTRACT_NOT_FOUND');
    const result = await terminateContract(ctx, { kind: 'DOWNLINE', memberId: member.id }, contractId);
    contracts = [result.contract];
    cascadedContractIds = result.cascadedContractIds;
  } else if (input.action === 'list') {
    contracts = (await listContractViews(ctx.db, and(eq(agentContracts.memberId, member.id), eq(agentContracts.type, type)), input)).items;
  }
  const current = await listContractViews(
    ctx.db,
    and(eq(agentContracts.memberId, member.id), eq(agentContracts.type, type), inArray(agentContracts.status, ['ACTIVE', 'PENDING'])),
  );
  const bills =
    input.action === 'bills'
      ? (await listBillViews(ctx.db, and(eq(agentContractBills.payeeId, member.id), eq(agentContractBills.type, type)), input)).items
      : [];
  return {
    type,
    active: current.items.find((item) => item.status === 'ACTIVE') ?? null,
    pending: current.items.filter((item) => item.status === 'PENDING'),
    contracts,
    cascadedContractIds,
    bills,
  };
}

import type { ContractValue, TerminationReason } from '@kismat/contracts/agent';
import { eq } from 'drizzle-orm';
import { agentContracts } from '../../db/schema/agent';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { contractViewById } from './contract-queries';
import { endDownlineContracts } from './end-downline-contracts';

/** Who is ending the contract: its holder, its offerer (null offerer = the platform) or an operator. */
export type ContractParty = { kind: 'DOWNLINE'; memberId: number } | { kind: 'UPLINE'; memberId: number } | { kind: 'OPERATOR' };

/**
 * Ends a contract by either side. An ACTIVE contract is TERMINATED and every contract its holder
 * gave further down of the type ends with it (nothing backs them any more); a PENDING offer
 * ended by its offerer is WITHDRAWN (a downline rejects instead).
 */
export async function terminateContract(
  ctx: AgentContext,
  party: ContractParty,
  contractId: number,
): Promise<{ contract: ContractValue; cascadedContractIds: number[] }> {
  const cascadedContractIds = await ctx.db.transaction(async (tx) => {
    const [contract] = await tx.select().from(agentContracts).where(eq(agentContracts.id, contractId)).for('update');
    const isParty =
      contract !== undefined &&
      contract.merchantId === ctx.merchant.id &&
      (party.kind === 'OPERATOR' ||
        (party.kind === 'DOWNLINE' && contract.memberId === party.memberId) ||
        (party.kind === 'UPLINE' && contract.offererId === party.memberId));
    if (!contract || !isParty) throw new AppError('CONTRACT_NOT_FOUND');
    const reason: TerminationReason = party.kind === 'DOWNLINE' ? 'BY_DOWNLINE' : party.kind === 'UPLINE' ? 'BY_UPLINE' : 'BY_OPERATOR';
    if (contract.status === 'PENDING' && party.kind !== 'DOWNLINE') {
      await tx
        .update(agentContracts)
        .set({ status: 'WITHDRAWN', terminationReason: reason, endedAt: ctx.now })
        .where(eq(agentContracts.id, contract.id));
      return [];
    }
    if (contract.status !== 'ACTIVE') throw new AppError('CONTRACT_STATE_CONFLICT');
    await tx
      .update(agentContracts)
      .set({ status: 'TERMINATED', terminationReason: reason, endedAt: ctx.now })
      .where(eq(agentContracts.id, contract.id));
    return endDownlineContracts(tx, { offererId: contract.memberId, type: contract.type, now: ctx.now, reason: 'UPLINE_CONTRACT_ENDED' });
  });
  return { contract: await contractViewById(ctx.db, contractId), cascadedContractIds };
}

import type { ContractType, ContractValue } from '@kismat/contracts/agent';
import { eq } from 'drizzle-orm';
import { type AgentContractRow, agentContracts } from '../../db/schema/agent';
import type { MemberRow } from '../../platform/auth';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { AgentContext } from '../../platform/request-context';
import { assertAgentPolicyOn } from './agent-policy-flag';
import { contractViewById, findActiveContract } from './contract-queries';
import { findExcess, termsOf } from './contract-terms';
import { endDownlineContracts } from './end-downline-contracts';

async function lockOwnPending(tx: Tx, member: MemberRow, type: ContractType, contractId: number): Promise<AgentContractRow> {
  const [contract] = await tx.select().from(agentContracts).where(eq(agentContracts.id, contractId)).for('update');
  // Someone else's offer looks like no offer at all.
  if (!contract || contract.memberId !== member.id || contract.type !== type) throw new AppError('CONTRACT_NOT_FOUND');
  if (contract.status !== 'PENDING') throw new AppError('CONTRACT_STATE_CONFLICT');
  return contract;
}

/**
 * The downline accepts an offer. Its previous ACTIVE contract of the type is REPLACED. When
 * the new terms are below contracts the member gave its own downlines, those end only if it
 * agrees (`agreeTerminateDownlines`), else CONTRACT_DOWNLINE_CONFLICT lists them
 * (docs/agent-contracts.md "Lower terms").
 */
export async function acceptContract(
  ctx: AgentContext,
  member: MemberRow,
  input: { type: ContractType; contractId: number; agreeTerminateDownlines: boolean },
): Promise<{ contract: ContractValue; cascadedContractIds: number[] }> {
  assertAgentPolicyOn(ctx.merchant);
  const result = await ctx.db.transaction(async (tx) => {
    const contract = await lockOwnPending(tx, member, input.type, input.contractId);
    const terms = termsOf(contract);
    if (contract.offererId !== null) {
      // The offerer's own terms may have dropped since it offered: re-check at acceptance.
      const own = await findActiveContract(tx, contract.offererId, input.type);
      if (!own || findExcess(terms, termsOf(own))) throw new AppError('CONTRACT_EXCEEDS_UPLINE', { value: { reason: 'upline_changed' } });
    }
    const exceeds = (downline: AgentContractRow) => findExcess(termsOf(downline), terms) !== null;
    const given = await tx.select().from(agentContracts).where(eq(agentContracts.offererId, member.id)).for('update');
    const conflicting = given.filter(
      (row) => row.type === input.type && (row.status === 'ACTIVE' || row.status === 'PENDING') && exceeds(row),
    );
    if (conflicting.length > 0 && !input.agreeTerminateDownlines) {
      throw new AppError('CONTRACT_DOWNLINE_CONFLICT', { value: { contractIds: conflicting.map((row) => row.id) } });
    }
    const previous = await findActiveContract(tx, member.id, input.type);
    if (previous) {
      await tx
        .update(agentContracts)
        .set({ status: 'REPLACED', endedAt: ctx.now, replacedById: contract.id })
        .where(eq(agentContracts.id, previous.id));
    }
    await tx
      .update(agentContracts)
      .set({ status: 'ACTIVE', respondedAt: ctx.now, acceptedAt: ctx.now })
      .where(eq(agentContracts.id, contract.id));
    const cascadedContractIds =
      conflicting.length === 0
        ? []
        : await endDownlineContracts(tx, {
            offererId: member.id,
            type: input.type,
            now: ctx.now,
            reason: 'UPLINE_TERMS_LOWERED',
            shouldEnd: exceeds,
          });
    return { id: contract.id, cascadedContractIds };
  });
  return { contract: await contractViewById(ctx.db, result.id), cascadedContractIds: result.cascadedContractIds };
}

/** The downline rejects an offer. */
export async function rejectContract(
  ctx: AgentContext,
  member: MemberRow,
  input: { type: ContractType; contractId: number },
): Promise<ContractValue> {
  await ctx.db.transaction(async (tx) => {
    const contract = await lockOwnPending(tx, member, input.type, input.contractId);
    await tx
      .update(agentContracts)
      .set({ status: 'REJECTED', respondedAt: ctx.now, endedAt: ctx.now })
      .where(eq(agentContracts.id, contract.id));
  });
  return contractViewById(ctx.db, input.contractId);
}

import type { ContractType, TerminationReason } from '@kismat/contracts/agent';
import { and, eq, inArray } from 'drizzle-orm';
import { type AgentContractRow, agentContracts } from '../../db/schema/agent';
import type { Tx } from '../../platform/db';

/**
 * Ends contracts `offererId` gave its downlines of `type` (those `shouldEnd` picks): ACTIVE ones
 * become TERMINATED with `reason`, PENDING offers WITHDRAWN. Whoever lost a contract can no
 * longer back the contracts it gave further down, so those end too (UPLINE_CONTRACT_ENDED),
 * level by level. Runs inside the caller's transaction; returns every id it ended.
 */
export async function endDownlineContracts(
  tx: Tx,
  input: {
    offererId: number;
    type: ContractType;
    now: Date;
    reason: TerminationReason;
    shouldEnd?: (contract: AgentContractRow) => boolean;
  },
): Promise<number[]> {
  const ended: number[] = [];
  let level: { offererId: number; reason: TerminationReason; shouldEnd?: (contract: AgentContractRow) => boolean }[] = [
    { offererId: input.offererId, reason: input.reason, ...(input.shouldEnd ? { shouldEnd: input.shouldEnd } : {}) },
  ];
  // Trees are finite and each contract ends once, so this walks down at most the tree's depth.
  while (level.length > 0) {
    const next: typeof level = [];
    for (const item of level) {
      const offered = await tx
        .select()
        .from(agentContracts)
        .where(
          and(
            eq(agentContracts.offererId, item.offererId),
            eq(agentContracts.type, input.type),
            inArray(agentContracts.status, ['ACTIVE', 'PENDING']),
          ),
        )
        .for('update');
      for (const contract of offered) {
        if (item.shouldEnd && !item.shouldEnd(contract)) continue;
        const isActive = contract.status === 'ACTIVE';
        await tx
          .update(agentContracts)
          .set({
            status: isActive ? 'TERMINATED' : 'WITHDRAWN',
            terminationReason: item.reason,
            endedAt: input.now,
          })
          .where(eq(agentContracts.id, contract.id));
        ended.push(contract.id);
        if (isActive) next.push({ offererId: contract.memberId, reason: 'UPLINE_CONTRACT_ENDED' });
      }
    }
    level = next;
  }
  return ended;
}

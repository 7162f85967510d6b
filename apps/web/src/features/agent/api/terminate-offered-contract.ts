import { AGENT_PATHS } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { agentKeys } from './agent-keys';
import type { Contract } from './types';

/** POST /wps/agent/contracts/:id/terminate: ends (ACTIVE) or withdraws (PENDING) an offer the agent made. */
export function terminateOfferedContract(id: number): Promise<{ contract: Contract; cascadedContractIds: number[] }> {
  return api.post(AGENT_PATHS.terminateOfferedContract.replace(':id', String(id)));
}

export function useTerminateOfferedContract() {
  return useInvalidatingMutation(terminateOfferedContract, agentKeys.all);
}

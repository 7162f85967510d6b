import { AGENT_PATHS } from '@kismat/contracts/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import type { Contract } from './types';

/** POST /wps/agent/contracts/:id/terminate: ends (ACTIVE) or withdraws (PENDING) an offer the agent made. */
export function terminateOfferedContract(id: number): Promise<{ contract: Contract; cascadedContractIds: number[] }> {
  return api.post(AGENT_PATHS.terminateOfferedContract.replace(':id', String(id)));
}

export function useTerminateOfferedContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: terminateOfferedContract,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

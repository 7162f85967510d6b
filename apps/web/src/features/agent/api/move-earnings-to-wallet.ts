import { AGENT_PATHS, type earningsToWalletValue } from '@kismat/contracts/agent';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export interface EarningsToWalletInput {
  amount: string;
  idempotencyKey: string;
}
export type EarningsToWalletResult = z.infer<typeof earningsToWalletValue>;

/** POST /wps/agent/earnings/to-wallet: contract earnings into the agent's own cash wallet. */
export function moveEarningsToWallet(input: EarningsToWalletInput): Promise<EarningsToWalletResult> {
  return api.post<EarningsToWalletResult>(AGENT_PATHS.earningsToWallet, input);
}

export function useMoveEarningsToWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveEarningsToWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

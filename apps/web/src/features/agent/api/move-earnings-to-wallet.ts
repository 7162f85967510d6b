import { AGENT_PATHS, type earningsToWalletValue } from '@kismat/contracts/agent';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
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
  return useInvalidatingMutation(moveEarningsToWallet, agentKeys.all);
}

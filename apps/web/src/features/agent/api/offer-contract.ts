import { AGENT_PATHS, type ContractType } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { agentKeys } from './agent-keys';
import type { Contract, TermsInput } from './types';

export interface OfferContractInput {
  memberId: number;
  type: ContractType;
  terms: TermsInput;
}

/** POST /wps/agent/contracts: offers a contract to a direct downline (never above the agent's own terms). */
export function offerContract(input: OfferContractInput): Promise<Contract> {
  return api.post<Contract>(AGENT_PATHS.offeredContracts, input);
}

export function useOfferContract() {
  return useInvalidatingMutation(offerContract, agentKeys.all);
}

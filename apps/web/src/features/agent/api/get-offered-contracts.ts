import { AGENT_PATHS, type ContractStatus, type ContractType } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import { useKeptQuery } from './kept-query';
import type { Contract, Paged } from './types';

export interface OfferedContractsQuery {
  pageNo: number;
  pageSize: number;
  type?: ContractType;
  status?: ContractStatus;
  memberId?: number;
}

/** GET /wps/agent/contracts: contracts the agent offered to its direct downlines. */
export function getOfferedContracts(query: OfferedContractsQuery): Promise<Paged<Contract>> {
  return api.get<Paged<Contract>>(AGENT_PATHS.offeredContracts, { query: { ...query } });
}

export function useOfferedContracts(query: OfferedContractsQuery) {
  return useKeptQuery(agentKeys.offeredContracts(query), getOfferedContracts, query);
}

import { AGENT_PATHS, type BillStatus, type ContractType } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import { useKeptQuery } from './kept-query';
import type { Bills } from './types';

export interface BillsQuery {
  pageNo: number;
  pageSize: number;
  type: ContractType;
  side: 'RECEIVED' | 'PAID' | 'ALL';
  status?: BillStatus;
  startDate: string;
  endDate: string;
}

/** GET /wps/agent/bills: settlement bills of one contract type, received and paid. */
export function getBills(query: BillsQuery): Promise<Bills> {
  return api.get<Bills>(AGENT_PATHS.bills, { query: { ...query } });
}

export function useBills(query: BillsQuery) {
  return useKeptQuery(agentKeys.bills(query), getBills, query);
}

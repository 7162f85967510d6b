import { AGENT_PATHS } from '@kismat/contracts/agent';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import type { DownlineTransaction, Paged } from './types';

export interface DownlineTransactionsQuery {
  startDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
}

/** GET /wps/agent/reports/downline-transactions: ledger movements of the subtree. */
export function getDownlineTransactions(query: DownlineTransactionsQuery): Promise<Paged<DownlineTransaction>> {
  return api.get<Paged<DownlineTransaction>>(AGENT_PATHS.downlineTransactions, { query: { ...query } });
}

export function useDownlineTransactions(query: DownlineTransactionsQuery) {
  return useQuery({
    queryKey: agentKeys.transactions(query),
    queryFn: () => getDownlineTransactions(query),
    placeholderData: keepPreviousData,
  });
}

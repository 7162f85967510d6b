import { AGENT_PATHS } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import { useKeptQuery } from './kept-query';
import type { CursorPaged, DownlineTransaction } from './types';

export interface DownlineTransactionsQuery {
  startDate: string;
  endDate: string;
  /** The previous page's nextCursor; none: the first page. */
  cursor?: string | undefined;
  pageSize: number;
}

/** GET /wps/agent/reports/downline-transactions: ledger movements of the subtree. */
export function getDownlineTransactions(query: DownlineTransactionsQuery): Promise<CursorPaged<DownlineTransaction>> {
  return api.get<CursorPaged<DownlineTransaction>>(AGENT_PATHS.downlineTransactions, { query: { ...query } });
}

export function useDownlineTransactions(query: DownlineTransactionsQuery) {
  return useKeptQuery(agentKeys.transactions(query), getDownlineTransactions, query);
}

import { AGENT_PATHS } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import { useKeptQuery } from './kept-query';
import type { ProfitLoss } from './types';

export interface ProfitLossQuery {
  startDate: string;
  endDate: string;
  pageNo: number;
  pageSize: number;
  groupBy: 'DIRECT' | 'MEMBER';
}

/** GET /wps/agent/reports/profit-loss: profit and loss per direct downline (with team) or member. */
export function getProfitLoss(query: ProfitLossQuery): Promise<ProfitLoss> {
  return api.get<ProfitLoss>(AGENT_PATHS.profitLossReport, { query: { ...query } });
}

export function useProfitLoss(query: ProfitLossQuery) {
  return useKeptQuery(agentKeys.profitLoss(query), getProfitLoss, query);
}

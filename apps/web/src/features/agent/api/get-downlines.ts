import { AGENT_PATHS } from '@kismat/contracts/agent';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import type { DownlineSummary, Paged } from './types';

export interface DownlinesQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  kind: 'ALL' | 'AGENT' | 'MEMBER';
  directOnly?: boolean;
}

/** GET /wps/agent/downlines: search and page the agent's subtree. */
export function getDownlines(query: DownlinesQuery): Promise<Paged<DownlineSummary>> {
  return api.get<Paged<DownlineSummary>>(AGENT_PATHS.downlines, {
    query: { ...query, directOnly: query.directOnly ? 'true' : undefined, keyword: query.keyword || undefined },
  });
}

export function useDownlines(query: DownlinesQuery) {
  return useQuery({ queryKey: agentKeys.downlines(query), queryFn: () => getDownlines(query), placeholderData: keepPreviousData });
}

import { AGENT_PATHS } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import { useKeptQuery } from './kept-query';
import type { CursorPaged, DownlineSummary } from './types';

export interface DownlinesQuery {
  /** The previous page's nextCursor; none: the first page. */
  cursor?: string | undefined;
  pageSize: number;
  keyword?: string;
  kind: 'ALL' | 'AGENT' | 'MEMBER';
  directOnly?: boolean;
}

/** GET /wps/agent/downlines: search and page (by cursor) the agent's subtree. */
export function getDownlines(query: DownlinesQuery): Promise<CursorPaged<DownlineSummary>> {
  return api.get<CursorPaged<DownlineSummary>>(AGENT_PATHS.downlines, {
    query: { ...query, directOnly: query.directOnly ? 'true' : undefined, keyword: query.keyword || undefined },
  });
}

export function useDownlines(query: DownlinesQuery) {
  return useKeptQuery(agentKeys.downlines(query), getDownlines, query);
}

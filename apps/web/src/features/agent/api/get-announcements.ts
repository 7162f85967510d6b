import { AGENT_PATHS } from '@kismat/contracts/agent';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import { useKeptQuery } from './kept-query';
import type { AgentAnnouncement, Paged } from './types';

export const ANNOUNCEMENT_PAGE_SIZE = 9;

/** GET /wps/agent/announcements: agent announcements, pinned first (9 a page, as notices). */
export function getAgentAnnouncements(pageNo: number): Promise<Paged<AgentAnnouncement>> {
  return api.get<Paged<AgentAnnouncement>>(AGENT_PATHS.announcements, { query: { pageNo, pageSize: ANNOUNCEMENT_PAGE_SIZE } });
}

export function useAgentAnnouncements(pageNo: number) {
  return useKeptQuery(agentKeys.announcements(pageNo), getAgentAnnouncements, pageNo);
}

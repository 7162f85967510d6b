import { AGENT_PATHS } from '@kismat/contracts/agent';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import type { Invitation, Paged } from './types';

/** GET /wps/agent/invitations: the agent's invitation links (affiliate codes). */
export function getInvitations(): Promise<Paged<Invitation>> {
  return api.get<Paged<Invitation>>(AGENT_PATHS.invitations, { query: { pageNo: 1, pageSize: 100 } });
}

export function useInvitations() {
  return useQuery({ queryKey: agentKeys.invitations, queryFn: getInvitations });
}

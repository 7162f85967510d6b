import { AGENT_PATHS } from '@kismat/contracts/agent';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import type { AgentHome } from './types';

/** GET /wps/agent/home: nickname, merchant GMT offset, server time and the contract menu. */
export function getAgentHome(): Promise<AgentHome> {
  return api.get<AgentHome>(AGENT_PATHS.home);
}

export function getAgentHomeQueryOptions() {
  return queryOptions({ queryKey: agentKeys.home, queryFn: getAgentHome, staleTime: 60_000 });
}

export function useAgentHome() {
  return useQuery(getAgentHomeQueryOptions());
}

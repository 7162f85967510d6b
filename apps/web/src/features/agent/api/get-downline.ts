import { AGENT_PATHS } from '@kismat/contracts/agent';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import type { DownlineDetail } from './types';

/** GET /wps/agent/downlines/:memberId: one downline's details, figures (last 30 days) and contracts. */
export function getDownline(memberId: number): Promise<DownlineDetail> {
  return api.get<DownlineDetail>(AGENT_PATHS.downline.replace(':memberId', String(memberId)), { query: { preset: 'LAST_30_DAYS' } });
}

export function useDownline(memberId: number | null) {
  return useQuery({
    queryKey: agentKeys.downline(memberId ?? 0),
    queryFn: () => getDownline(memberId ?? 0),
    enabled: memberId !== null,
  });
}

import { AGENT_PATHS } from '@kismat/contracts/agent';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DayRange, isRangeReversed } from '@/lib/date-presets';
import { agentKeys } from './agent-keys';
import type { TeamOverview } from './types';

/** GET /wps/agent/team/overview: team figures for the inclusive day range. */
export function getTeamOverview(range: DayRange): Promise<TeamOverview> {
  return api.get<TeamOverview>(AGENT_PATHS.teamOverview, { query: { startDate: range.from, endDate: range.to } });
}

export function useTeamOverview(range: DayRange) {
  return useQuery({
    queryKey: agentKeys.teamOverview(range.from, range.to),
    queryFn: () => getTeamOverview(range),
    placeholderData: keepPreviousData,
    enabled: !isRangeReversed(range),
  });
}

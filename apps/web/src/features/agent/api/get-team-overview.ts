import { AGENT_PATHS } from '@kismat/contracts/agent';
import type { DayRange } from '@/lib/date-presets';
import { agentKeys } from './agent-keys';
import { getForDayRange, useDayRangeQuery } from './day-range-query';
import type { TeamOverview } from './types';

/** GET /wps/agent/team/overview: team figures for the inclusive day range. */
export function getTeamOverview(range: DayRange): Promise<TeamOverview> {
  return getForDayRange<TeamOverview>(AGENT_PATHS.teamOverview, range);
}

export function useTeamOverview(range: DayRange) {
  return useDayRangeQuery(agentKeys.teamOverview(range.from, range.to), getTeamOverview, range);
}

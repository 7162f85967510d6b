import { AGENT_PATHS } from '@kismat/contracts/agent';
import type { DayRange } from '@/lib/date-presets';
import { agentKeys } from './agent-keys';
import { getForDayRange, useDayRangeQuery } from './day-range-query';
import type { RevenueReport } from './types';

/** GET /wps/agent/reports/revenue: contract income and payouts per type. */
export function getRevenueReport(range: DayRange): Promise<RevenueReport> {
  return getForDayRange<RevenueReport>(AGENT_PATHS.revenueReport, range);
}

export function useRevenueReport(range: DayRange) {
  return useDayRangeQuery(agentKeys.revenue(range.from, range.to), getRevenueReport, range);
}

import { AGENT_PATHS } from '@kismat/contracts/agent';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type DayRange, isRangeReversed } from '@/lib/date-presets';
import { agentKeys } from './agent-keys';
import type { RevenueReport } from './types';

/** GET /wps/agent/reports/revenue: contract income and payouts per type. */
export function getRevenueReport(range: DayRange): Promise<RevenueReport> {
  return api.get<RevenueReport>(AGENT_PATHS.revenueReport, { query: { startDate: range.from, endDate: range.to } });
}

export function useRevenueReport(range: DayRange) {
  return useQuery({
    queryKey: agentKeys.revenue(range.from, range.to),
    queryFn: () => getRevenueReport(range),
    placeholderData: keepPreviousData,
    enabled: !isRangeReversed(range),
  });
}

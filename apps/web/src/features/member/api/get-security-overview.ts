import type { SECURITY_PATHS, securityOverviewValue } from '@kismat/contracts/security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

const OVERVIEW_PATH = '/wps/member/security' satisfies (typeof SECURITY_PATHS)['overview'];

export type SecurityOverview = z.infer<typeof securityOverviewValue>;

/** GET /wps/member/security (T): what is set and bound. */
export function getSecurityOverview(): Promise<SecurityOverview> {
  return api.get<SecurityOverview>(OVERVIEW_PATH);
}

export const securityOverviewQueryKey = ['member', 'security', 'overview'] as const;

export function useSecurityOverview() {
  return useQuery(queryOptions({ queryKey: securityOverviewQueryKey, queryFn: getSecurityOverview }));
}

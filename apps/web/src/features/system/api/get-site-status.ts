import type { SYSTEM_PATHS, statusValue } from '@kismat/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SiteStatusInfo = z.infer<typeof statusValue>;

const STATUS_PATH = '/wps/system/status' satisfies (typeof SYSTEM_PATHS)['status'];

export function getSiteStatus(): Promise<SiteStatusInfo> {
  return api.get<SiteStatusInfo>(STATUS_PATH);
}

export const siteStatusQueryKey = ['system', 'status'] as const;

export function getSiteStatusQueryOptions() {
  return queryOptions({ queryKey: siteStatusQueryKey, queryFn: getSiteStatus, staleTime: 60_000 });
}

export function useSiteStatus() {
  return useQuery(getSiteStatusQueryOptions());
}

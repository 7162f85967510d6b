import { RG_PATHS, type RgOverviewValue } from '@kismat/contracts/responsible-gambling';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';

export function getRgOverview(): Promise<RgOverviewValue> {
  return api.get<RgOverviewValue>(RG_PATHS.overview);
}

/** Limits with usage, pending changes, time-out or self-exclusion, reality check and the prompts. */
export function useRgOverview(isEnabled = true) {
  return useQuery(queryOptions({ queryKey: rgKeys.overview, queryFn: getRgOverview, enabled: isEnabled }));
}

import { RG_PATHS, type RgRealityCheckValue } from '@kismat/contracts/responsible-gambling';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';

/** This session's figures and when the next reality check is due. */
export function getRealityCheck(): Promise<RgRealityCheckValue> {
  return api.get<RgRealityCheckValue>(RG_PATHS.realityCheck);
}

export function useRealityCheck(isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: rgKeys.realityCheck,
      queryFn: getRealityCheck,
      enabled: isEnabled,
      // A background poll of its own would only add load: the watcher asks when its timer says so.
      refetchOnWindowFocus: true,
      staleTime: 30_000,
    }),
  );
}

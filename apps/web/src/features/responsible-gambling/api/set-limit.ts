import { RG_PATHS, type RgSetLimitBody } from '@kismat/contracts/responsible-gambling';
import { api } from '@/lib/api-client';
import { useLimitChange } from './limit-change';
import type { RgLimitChange } from './types';

/** A lower or new limit applies at once; a higher one waits 24 h and then needs confirming. */
export function setLimit(body: RgSetLimitBody): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.limits, body);
}

export function useSetLimit() {
  return useLimitChange(setLimit);
}

import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { api } from '@/lib/api-client';
import { useLimitChange } from './limit-change';
import type { RgLimitChange } from './types';

/** Withdraws a pending increase or removal: the lower limit stays. */
export function cancelChange(changeId: number): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.cancelChange, { changeId });
}

export function useCancelChange() {
  return useLimitChange(cancelChange, { isRefetchedAfterError: true });
}

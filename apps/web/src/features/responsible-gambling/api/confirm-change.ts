import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { api } from '@/lib/api-client';
import { useLimitChange } from './limit-change';
import type { RgLimitChange } from './types';

/** Confirms a pending increase or removal whose 24 h are over. */
export function confirmChange(changeId: number): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.confirmChange, { changeId });
}

export function useConfirmChange() {
  return useLimitChange(confirmChange, { isRefetchedAfterError: true });
}

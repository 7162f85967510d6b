import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { api } from '@/lib/api-client';
import { useLimitChange } from './limit-change';
import type { RgLimitChange, RgLimitSlot } from './types';

/** Removing a limit loosens it: it waits 24 h like an increase, then needs confirming. */
export function removeLimit(slot: RgLimitSlot): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.removeLimit, slot);
}

export function useRemoveLimit() {
  return useLimitChange(removeLimit);
}

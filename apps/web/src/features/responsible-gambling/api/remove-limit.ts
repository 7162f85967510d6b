import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';
import type { RgLimitChange, RgLimitSlot } from './types';

/** Removing a limit loosens it: it waits 24 h like an increase, then needs confirming. */
export function removeLimit(slot: RgLimitSlot): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.removeLimit, slot);
}

export function useRemoveLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLimit,
    onSuccess: (answer) => {
      queryClient.setQueryData(rgKeys.overview, answer.overview);
      void queryClient.invalidateQueries({ queryKey: rgKeys.all });
    },
  });
}

import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';
import type { RgLimitChange } from './types';

/** Withdraws a pending increase or removal: the lower limit stays. */
export function cancelChange(changeId: number): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.cancelChange, { changeId });
}

export function useCancelChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelChange,
    onSuccess: (answer) => queryClient.setQueryData(rgKeys.overview, answer.overview),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rgKeys.all }),
  });
}

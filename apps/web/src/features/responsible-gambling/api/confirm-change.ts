import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';
import type { RgLimitChange } from './types';

/** Confirms a pending increase or removal whose 24 h are over. */
export function confirmChange(changeId: number): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.confirmChange, { changeId });
}

export function useConfirmChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmChange,
    onSuccess: (answer) => queryClient.setQueryData(rgKeys.overview, answer.overview),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rgKeys.all }),
  });
}

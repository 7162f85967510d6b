import { RG_PATHS, type RgSetLimitBody } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';
import type { RgLimitChange } from './types';

/** A lower or new limit applies at once; a higher one waits 24 h and then needs confirming. */
export function setLimit(body: RgSetLimitBody): Promise<RgLimitChange> {
  return api.post<RgLimitChange>(RG_PATHS.limits, body);
}

export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    onSuccess: (answer) => {
      queryClient.setQueryData(rgKeys.overview, answer.overview);
      void queryClient.invalidateQueries({ queryKey: rgKeys.all });
    },
  });
}

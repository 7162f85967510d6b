import { RG_PATHS, type RgRealityCheckValue } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';

export type RealityCheckInterval = 15 | 30 | 60 | 120 | null;

/** Every 15, 30, 60 or 120 minutes, or off. */
export function setRealityCheck(intervalMinutes: RealityCheckInterval): Promise<RgRealityCheckValue> {
  return api.put<RgRealityCheckValue>(RG_PATHS.realityCheck, { intervalMinutes });
}

export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRealityCheck,
    onSuccess: (value) => {
      queryClient.setQueryData(rgKeys.realityCheck, value);
      void queryClient.invalidateQueries({ queryKey: rgKeys.overview });
    },
  });
}

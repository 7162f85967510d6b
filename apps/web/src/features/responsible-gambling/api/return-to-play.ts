import { RG_PATHS } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';
import type { RgExclusionTaken } from './types';

/** After a time-out or self-exclusion ended: the explicit return (self-exclusion: 24 h more first). */
export function returnToPlay(): Promise<Pick<RgExclusionTaken, 'exclusion'>> {
  return api.post<Pick<RgExclusionTaken, 'exclusion'>>(RG_PATHS.returnToPlay, {});
}

export function useReturnToPlay() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: returnToPlay, onSettled: () => queryClient.invalidateQueries({ queryKey: rgKeys.all }) });
}

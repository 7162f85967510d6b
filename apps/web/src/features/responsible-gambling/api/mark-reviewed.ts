import { RG_PATHS, type RgOverviewValue } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';

/** "I have reviewed my limits": the review prompt goes away for 6 months. */
export function markReviewed(): Promise<RgOverviewValue> {
  return api.post<RgOverviewValue>(RG_PATHS.reviewed, {});
}

export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReviewed,
    onSuccess: (overview) => queryClient.setQueryData(rgKeys.overview, overview),
  });
}

import { RG_PATHS, type RgOverviewValue } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rgKeys } from './rg-keys';

/** The member chooses not to set a deposit limit now; the server records the choice. */
export function skipDepositLimit(): Promise<RgOverviewValue> {
  return api.post<RgOverviewValue>(RG_PATHS.skipDepositLimit, {});
}

export function useSkipDepositLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipDepositLimit,
    onSuccess: (overview) => queryClient.setQueryData(rgKeys.overview, overview),
  });
}

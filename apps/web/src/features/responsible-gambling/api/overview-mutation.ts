import type { RgOverviewValue } from '@kismat/contracts/responsible-gambling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rgKeys } from './rg-keys';

/** A choice the server answers with the member's new safer-gambling overview, which shows at once. */
export function useOverviewMutation(mutationFn: () => Promise<RgOverviewValue>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (overview) => queryClient.setQueryData(rgKeys.overview, overview),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rgKeys } from './rg-keys';
import type { RgLimitChange } from './types';

/**
 * A limit set or removed: the answer's overview shows at once, then every safer-gambling read
 * (usage, history) is fetched again. A decision on a pending change (confirm, cancel:
 * `isRefetchedAfterError`) fetches them again whether it succeeded or failed, and its mutation
 * settles once they are fetched.
 */
export function useLimitChange<Input>(
  mutationFn: (input: Input) => Promise<RgLimitChange>,
  { isRefetchedAfterError = false }: { isRefetchedAfterError?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(rgKeys.overview, answer.overview);
      if (!isRefetchedAfterError) void queryClient.invalidateQueries({ queryKey: rgKeys.all });
    },
    ...(isRefetchedAfterError ? { onSettled: () => queryClient.invalidateQueries({ queryKey: rgKeys.all }) } : {}),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rgKeys } from './rg-keys';
import type { RgLimitChange } from './types';

/**
 * A limit set or removed: the answer's overview shows at once, then every safer-gambling read
 * (usage, history) is fetched again.
 */
export function useLimitChange<Input>(mutationFn: (input: Input) => Promise<RgLimitChange>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData(rgKeys.overview, answer.overview);
      void queryClient.invalidateQueries({ queryKey: rgKeys.all });
    },
  });
}

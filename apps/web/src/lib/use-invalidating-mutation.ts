import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that, once it succeeds, marks one query key (and every key below it) stale and
 * settles when the queries on screen have refetched. The call files of a feature use it where the
 * only follow-up of a write is "what showed this is out of date".
 */
export function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
}

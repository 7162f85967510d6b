import { REBATE_PATHS, type RebateClaimValue } from '@kismat/contracts/rebates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST: claims all pending rebate; the key makes a double tap pay once. */
export function claimRebate(idempotencyKey: string): Promise<RebateClaimValue> {
  return api.post<RebateClaimValue>(REBATE_PATHS.claim, { idempotencyKey });
}

export function useClaimRebate() {
  const queryClient = useQueryClient();
  // Every query refreshes: the rebate lists and the header balance the cash went to.
  return useMutation({ mutationFn: claimRebate, onSettled: () => queryClient.invalidateQueries() });
}

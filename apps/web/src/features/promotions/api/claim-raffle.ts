import { PROMOTION_KIND_PATHS } from '@kismat/contracts/promotion-kinds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';
import { refreshMemberState } from './refresh-member-state';

export interface RaffleClaim {
  promotionId: number;
  periodKey: string;
  amount: string;
  claimedAt: string;
}

/** POST MCS2_claimRafflePromotion (T): once per period; refusals say what is missing. */
export function claimRaffle(promotionId: number): Promise<RaffleClaim> {
  return api.post<RaffleClaim>(PROMOTION_KIND_PATHS.raffle, { promotionId });
}

export function useClaimRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRaffle,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: promotionKeys.all }), refreshMemberState().catch(() => undefined)]),
  });
}

import type { claimValue } from '@kismat/contracts/promotions';
import { PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';
import { refreshMemberState } from './refresh-member-state';

export type ClaimValue = z.infer<typeof claimValue>;

/** POST claim (T): idempotent per (promotion, member, period); a replay answers the first award. */
export function claimPromotion(promotionId: number): Promise<ClaimValue> {
  return api.post<ClaimValue>(PROMOTION_PATHS.claim.replace(':id', String(promotionId)), {});
}

export function useClaimPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPromotion,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: promotionKeys.all }), refreshMemberState().catch(() => undefined)]),
  });
}

import type { claimValue } from '@kismat/contracts/promotions';
import { PROMOTION_PATHS } from '@kismat/contracts/promotions';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { usePromotionWrite } from './refresh-member-state';

export type ClaimValue = z.infer<typeof claimValue>;

/** POST claim (T): idempotent per (promotion, member, period); a replay answers the first award. */
export function claimPromotion(promotionId: number): Promise<ClaimValue> {
  return api.post<ClaimValue>(PROMOTION_PATHS.claim.replace(':id', String(promotionId)), {});
}

export function useClaimPromotion() {
  return usePromotionWrite(claimPromotion);
}

import { PROMOTION_KIND_PATHS } from '@kismat/contracts/promotion-kinds';
import { api } from '@/lib/api-client';
import { usePromotionWrite } from './refresh-member-state';

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
  return usePromotionWrite(claimRaffle);
}

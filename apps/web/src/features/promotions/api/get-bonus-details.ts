import { type BonusDetailsValue, PROMOTION_PATHS } from '@kismat/contracts/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';

/** GET bonus details (T): every turnover requirement of mine and the total left. */
export function getBonusDetails(): Promise<BonusDetailsValue> {
  return api.get<BonusDetailsValue>(PROMOTION_PATHS.bonusDetails);
}

export function useBonusDetails() {
  return useQuery(queryOptions({ queryKey: promotionKeys.bonusDetails, queryFn: getBonusDetails }));
}

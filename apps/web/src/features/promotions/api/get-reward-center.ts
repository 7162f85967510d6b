import { PROMOTION_PATHS, type RewardCenterValue } from '@kismat/contracts/promotions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';

/** GET reward centre (T): claimable, claimed and expired rewards. */
export function getRewardCenter(): Promise<RewardCenterValue> {
  return api.get<RewardCenterValue>(PROMOTION_PATHS.rewardCenter);
}

export function useRewardCenter() {
  return useQuery(queryOptions({ queryKey: promotionKeys.rewardCenter, queryFn: getRewardCenter }));
}

import { POINTS_PATHS, type PointRedemption } from '@kismat/contracts/points';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';
import { pointsKeys } from './points-keys';

export interface RedeemPointRewardInput {
  itemId: number;
  quantity: number;
  receivingAddress?: string;
  paymentPassword: string;
  idempotencyKey: string;
}

/** POST (E): the payment password travels sealed, as every passwordCheck relay. */
export function redeemPointReward(input: RedeemPointRewardInput) {
  return sealedRequest<{ redemption: PointRedemption; balance: number }>(POINTS_PATHS.redeem, input);
}

export function useRedeemPointReward() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: redeemPointReward, onSettled: () => queryClient.invalidateQueries({ queryKey: pointsKeys.all }) });
}

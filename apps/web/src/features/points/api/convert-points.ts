import { POINTS_PATHS, type PointRedemption } from '@kismat/contracts/points';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sealedRequest } from '@/lib/sealed-request';

export interface ConvertPointsInput {
  points: number;
  paymentPassword: string;
  idempotencyKey: string;
}

/** POST (E): points to cash at the configured rate; the cash is paid at once (every query refreshes: the header balance too). */
export function convertPoints(input: ConvertPointsInput) {
  return sealedRequest<{ redemption: PointRedemption; balance: number }>(POINTS_PATHS.convert, input);
}

export function useConvertPoints() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: convertPoints, onSettled: () => queryClient.invalidateQueries() });
}

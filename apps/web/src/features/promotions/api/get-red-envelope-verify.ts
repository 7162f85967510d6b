import { PROMOTION_KIND_PATHS, type RedEnvelopeDraw } from '@kismat/contracts/promotion-kinds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET (no token): a draw's inputs and result, for anyone to recompute. */
export function getRedEnvelopeVerify(drawId: number): Promise<RedEnvelopeDraw> {
  return api.get<RedEnvelopeDraw>(PROMOTION_KIND_PATHS.redEnvelopeVerify.replace(':drawId', String(drawId)), { skipAuthRedirect: true });
}

export function useRedEnvelopeVerify(drawId: number) {
  return useQuery(
    queryOptions({
      queryKey: ['promotions', 'red-envelope', 'verify', drawId],
      queryFn: () => getRedEnvelopeVerify(drawId),
      staleTime: Infinity,
    }),
  );
}

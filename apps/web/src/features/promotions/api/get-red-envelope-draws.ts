import { PROMOTION_KIND_PATHS, type RedEnvelopeDraw } from '@kismat/contracts/promotion-kinds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';

/** GET (T): my draws of this promotion, newest first, each with its revealed seed. */
export async function getRedEnvelopeDraws(promotionId: number): Promise<RedEnvelopeDraw[]> {
  const value = await api.get<{ list: RedEnvelopeDraw[]; total: number }>(
    PROMOTION_KIND_PATHS.redEnvelopeDraws.replace(':promotionId', String(promotionId)),
    { query: { pageNo: 1, pageSize: 10 } },
  );
  return value.list;
}

export function useRedEnvelopeDraws(promotionId: number) {
  return useQuery(queryOptions({ queryKey: promotionKeys.redEnvelopeDraws(promotionId), queryFn: () => getRedEnvelopeDraws(promotionId) }));
}

import { PROMOTION_KIND_PATHS, type redEnvelopeState } from '@kismat/contracts/promotion-kinds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';

export type RedEnvelopeState = z.infer<typeof redEnvelopeState>;

/** GET (T): today's chances, the prize table and the commitment of my next draw's server seed. */
export function getRedEnvelope(promotionId: number): Promise<RedEnvelopeState> {
  return api.get<RedEnvelopeState>(PROMOTION_KIND_PATHS.redEnvelope.replace(':promotionId', String(promotionId)));
}

export function useRedEnvelope(promotionId: number) {
  return useQuery(queryOptions({ queryKey: promotionKeys.redEnvelope(promotionId), queryFn: () => getRedEnvelope(promotionId) }));
}

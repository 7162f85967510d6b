import { PROMOTION_KIND_PATHS, type redEnvelopeDrawResult } from '@kismat/contracts/promotion-kinds';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { usePromotionWrite } from './refresh-member-state';

export type RedEnvelopeDrawResult = z.infer<typeof redEnvelopeDrawResult>;

export interface DrawRedEnvelopeInput {
  promotionId: number;
  clientSeed: string;
  /** The same key for a retried tap: the server answers the first draw again. */
  idempotencyKey: string;
}

/** POST draw (T): one chance spent, the prize credited, the server seed revealed. */
export function drawRedEnvelope({ promotionId, ...body }: DrawRedEnvelopeInput): Promise<RedEnvelopeDrawResult> {
  return api.post<RedEnvelopeDrawResult>(PROMOTION_KIND_PATHS.redEnvelopeDraw.replace(':promotionId', String(promotionId)), body);
}

export function useDrawRedEnvelope() {
  return usePromotionWrite(drawRedEnvelope);
}

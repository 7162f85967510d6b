import type { forfeitValue } from '@kismat/contracts/promotions';
import { PROMOTION_PATHS } from '@kismat/contracts/promotions';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { usePromotionWrite } from './refresh-member-state';

export type ForfeitValue = z.infer<typeof forfeitValue>;

/** POST forfeit (T): the unspent bonus goes back and the requirement ends. */
export function forfeitRequirement(requirementId: number): Promise<ForfeitValue> {
  return api.post<ForfeitValue>(PROMOTION_PATHS.forfeit.replace(':id', String(requirementId)), {});
}

export function useForfeitRequirement() {
  return usePromotionWrite(forfeitRequirement);
}

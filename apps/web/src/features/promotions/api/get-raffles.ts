import { PROMOTION_KIND_PATHS, type raffleItem } from '@kismat/contracts/promotion-kinds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { promotionKeys } from './promotion-keys';

export type RaffleItem = z.infer<typeof raffleItem>;

/** GET MCS2_claimRafflePromotion (T): each live raffle with my eligibility this period. */
export async function getRaffles(): Promise<RaffleItem[]> {
  return (await api.get<{ list: RaffleItem[] }>(PROMOTION_KIND_PATHS.raffle)).list;
}

export function useRaffles({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...queryOptions({ queryKey: promotionKeys.raffles, queryFn: getRaffles }), enabled: isEnabled });
}

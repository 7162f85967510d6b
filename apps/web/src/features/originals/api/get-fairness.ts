import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FairnessState } from '../utils/originals-types';
import { originalsKeys } from './originals-keys';

const FAIRNESS_PATH = '/bgs/api/fairness' satisfies (typeof HOUSE_GAME_PATHS)['fairness'];

/** The member's seed pair the originals play on (the slots' pair): commitment, client seed, next nonce (T). */
export function getFairness(): Promise<FairnessState> {
  return api.get<FairnessState>(FAIRNESS_PATH, { query: { family: 'SLOTS' } });
}

export function useFairness() {
  return useQuery(queryOptions({ queryKey: originalsKeys.fairness, queryFn: getFairness }));
}

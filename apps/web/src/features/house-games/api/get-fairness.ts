import type { FairnessState, HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { houseGamesKeys } from './house-games-keys';

const FAIRNESS_PATH = '/bgs/api/fairness' satisfies (typeof HOUSE_GAME_PATHS)['fairness'];

/** The member's current slot seed pair: commitment, client seed, next nonce (T). */
export function getFairness(): Promise<FairnessState> {
  return api.get<FairnessState>(FAIRNESS_PATH, { query: { family: 'SLOTS' } });
}

export function getFairnessQueryOptions() {
  return queryOptions({ queryKey: houseGamesKeys.fairness, queryFn: getFairness });
}

export function useFairness() {
  return useQuery(getFairnessQueryOptions());
}

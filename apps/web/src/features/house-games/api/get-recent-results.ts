import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RecentResultsValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const RECENT_RESULTS_PATH = '/lotto/lgw/numeros/results' satisfies (typeof HOUSE_GAME_PATHS)['recentResults'];

/** Drawn issues of the game, newest first (N). */
export function getRecentResults(gameCode: string): Promise<RecentResultsValue> {
  return api.get<RecentResultsValue>(RECENT_RESULTS_PATH, { query: { gameCode, pageSize: 10 } });
}

export function getRecentResultsQueryOptions(gameCode: string) {
  return queryOptions({ queryKey: houseGamesKeys.recentResults(gameCode), queryFn: () => getRecentResults(gameCode) });
}

export function useRecentResults(gameCode: string) {
  return useQuery({ ...getRecentResultsQueryOptions(gameCode), enabled: Boolean(gameCode), refetchInterval: 15_000 });
}

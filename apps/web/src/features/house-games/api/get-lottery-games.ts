import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LotteryGamesValue } from '../utils/house-games-types';

const LOTTERY_GAMES_PATH = '/lotto/lgw/games' satisfies (typeof HOUSE_GAME_PATHS)['lotteryGames'];

export type PrizeMode = LotteryGamesValue['prizeMode'];

/** Lottery games of a prize mode, for the game chips of a lottery page (N). */
export function getLotteryGames(prizeMode: PrizeMode): Promise<LotteryGamesValue> {
  return api.get<LotteryGamesValue>(LOTTERY_GAMES_PATH, { query: { prizeMode } });
}

export function getLotteryGamesQueryOptions(prizeMode: PrizeMode) {
  return queryOptions({
    queryKey: ['house-games', 'lottery-games', prizeMode] as const,
    queryFn: () => getLotteryGames(prizeMode),
    staleTime: 5 * 60_000,
  });
}

export function useLotteryGames(prizeMode: PrizeMode) {
  return useQuery(getLotteryGamesQueryOptions(prizeMode));
}

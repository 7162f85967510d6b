import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MyTicketsValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const MY_TICKETS_PATH = '/lotto/lgw/bets/mine' satisfies (typeof HOUSE_GAME_PATHS)['myTickets'];

/** The member's tickets at one game, newest first (T). */
export function getMyTickets(gameCode: string): Promise<MyTicketsValue> {
  return api.get<MyTicketsValue>(MY_TICKETS_PATH, { query: { gameCode, pageNo: 1, pageSize: 20 } });
}

export function getMyTicketsQueryOptions(gameCode: string) {
  return queryOptions({ queryKey: houseGamesKeys.lotteryTickets(gameCode), queryFn: () => getMyTickets(gameCode) });
}

export function useMyTickets(gameCode: string) {
  return useQuery({ ...getMyTicketsQueryOptions(gameCode), enabled: Boolean(gameCode), refetchInterval: 15_000 });
}

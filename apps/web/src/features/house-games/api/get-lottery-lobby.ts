import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LobbyInfoValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const LOBBY_PATH = '/lotto/lgw/lobby' satisfies (typeof HOUSE_GAME_PATHS)['lobbyInfo'];

/** Lobby of one game: bet types with odds and limits, the current issue, the last results (N). */
export function getLotteryLobby(gameCode: string): Promise<LobbyInfoValue> {
  return api.get<LobbyInfoValue>(LOBBY_PATH, { query: { gameCode } });
}

export function getLotteryLobbyQueryOptions(gameCode: string) {
  return queryOptions({ queryKey: houseGamesKeys.lotteryLobby(gameCode), queryFn: () => getLotteryLobby(gameCode) });
}

/** Refetched every 15 s so results and the next issue appear without a reload. */
export function useLotteryLobby(gameCode: string) {
  return useQuery({ ...getLotteryLobbyQueryOptions(gameCode), enabled: Boolean(gameCode), refetchInterval: 15_000 });
}

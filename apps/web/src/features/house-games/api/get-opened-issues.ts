import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OpenedIssuesValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const OPENED_ISSUES_PATH = '/lgw/vn/numeros/opened/game' satisfies (typeof HOUSE_GAME_PATHS)['openedIssues'];

/** The game's issues still selling, with the server time for the countdown (N). */
export function getOpenedIssues(gameCode: string): Promise<OpenedIssuesValue> {
  return api.get<OpenedIssuesValue>(OPENED_ISSUES_PATH, { query: { gameCode } });
}

export function getOpenedIssuesQueryOptions(gameCode: string) {
  return queryOptions({ queryKey: houseGamesKeys.openedIssues(gameCode), queryFn: () => getOpenedIssues(gameCode) });
}

/**
 * Refetched every 15 s so the next issue appears without a reload; every 3 s while none is on
 * sale (between the cutoff and the draw), so the countdown moves on as soon as the next opens.
 */
export function useOpenedIssues(gameCode: string) {
  return useQuery({
    ...getOpenedIssuesQueryOptions(gameCode),
    enabled: Boolean(gameCode),
    refetchInterval: (query) =>
      query.state.data?.issues.some((issue) => issue.gameCode === gameCode && issue.status === 'OPEN') ? 15_000 : 3_000,
  });
}

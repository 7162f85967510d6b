import type { CATALOGUE_PATHS, GamePage } from '@kismat/contracts/catalogue';
import { PAGE_SIZE } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { useSessionStore } from '@/stores/session-store';

const RECENT_GAMES_PATH = '/wps/relay/GCS_recentGame' satisfies (typeof CATALOGUE_PATHS)['recentGames'];

/** GCS_recentGame (T): page, pageSize 20, language, clientType. */
export function getRecentGames(page: number, language: Language): Promise<GamePage> {
  return api.get<GamePage>(RECENT_GAMES_PATH, { query: { page, pageSize: PAGE_SIZE.RECENT, language, clientType: 'WEB' } });
}

export const recentGamesBaseKey = ['catalogue', 'recent-games'] as const;

export function getRecentGamesQueryOptions(page: number, language: Language) {
  return queryOptions({
    queryKey: [...recentGamesBaseKey, page, language] as const,
    queryFn: () => getRecentGames(page, language),
    placeholderData: keepPreviousData,
  });
}

export function useRecentGames(page: number) {
  const language = useLanguage();
  const isLogin = useSessionStore((state) => state.isLogin);
  return useQuery({ ...getRecentGamesQueryOptions(page, language), enabled: isLogin });
}

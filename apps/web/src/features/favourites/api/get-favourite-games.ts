import type { CATALOGUE_PATHS, GamePage } from '@kismat/contracts/catalogue';
import { PAGE_SIZE } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { useSessionStore } from '@/stores/session-store';

const FAVOURITE_LIST_PATH = '/wps/relay/MCSFE_getFavoriteGamesList' satisfies (typeof CATALOGUE_PATHS)['favoriteGamesList'];

/** MCSFE_getFavoriteGamesList (T): the whole list in one page of 999. */
export function getFavouriteGames(language: Language): Promise<GamePage> {
  return api.get<GamePage>(FAVOURITE_LIST_PATH, {
    query: { clientType: 'WEB', platform: 'html5-desktop', language, pageNo: 1, pageSize: PAGE_SIZE.FAVOURITES },
  });
}

export const favouriteGamesBaseKey = ['favourites', 'list'] as const;

export function getFavouriteGamesQueryOptions(language: Language) {
  return queryOptions({ queryKey: [...favouriteGamesBaseKey, language] as const, queryFn: () => getFavouriteGames(language) });
}

export function useFavouriteGames() {
  const language = useLanguage();
  const isLogin = useSessionStore((state) => state.isLogin);
  return useQuery({ ...getFavouriteGamesQueryOptions(language), enabled: isLogin });
}

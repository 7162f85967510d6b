import type { CATALOGUE_PATHS, GameMenu } from '@kismat/contracts/catalogue';
import type { Language } from '@kismat/contracts/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';

const GAME_MENUS_PATH = '/lgw/games/game_menus' satisfies (typeof CATALOGUE_PATHS)['gameMenus'];

export function getGameMenus(): Promise<{ menus: GameMenu[] }> {
  return api.get<{ menus: GameMenu[] }>(GAME_MENUS_PATH);
}

/** Vendor names may be translated: the language is part of the key so a switch refetches. */
export function gameMenusQueryKey(language: Language) {
  return ['catalogue', 'game-menus', language] as const;
}

export function getGameMenusQueryOptions(language: Language) {
  return queryOptions({
    queryKey: gameMenusQueryKey(language),
    queryFn: getGameMenus,
    // A vendor an operator switched off leaves the nav within a minute (the server caches for seconds).
    staleTime: 60_000,
    select: (value) => value.menus,
  });
}

export function useGameMenus() {
  const language = useLanguage();
  return useQuery(getGameMenusQueryOptions(language));
}

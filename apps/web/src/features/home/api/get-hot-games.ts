import type { CATALOGUE_PATHS, GameItem } from '@kismat/contracts/catalogue';
import type { Language } from '@kismat/contracts/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { getMerchantCode, getSessionItem, SESSION_KEYS, setSessionItem } from '@/stores/storage';

const HOT_GAMES_PATH = '/wps/relay/GCSGAME_hotGamesV2' satisfies (typeof CATALOGUE_PATHS)['hotGames'];

export type HotGame = GameItem;

interface CachedHotGames {
  language: Language;
  list: HotGame[];
  /** When it was fetched (ms): the cached list shows at once and is checked again after a minute. */
  savedAt?: number;
}

/**
 * The session's cached list renders the carousel at once; it is revalidated in the background
 * once older than this, so a game or vendor an operator switched off leaves within a minute.
 */
const REVALIDATE_AFTER_MS = 60_000;

function readCache(language: Language): CachedHotGames | undefined {
  const raw = getSessionItem(SESSION_KEYS.hotGames);
  if (!raw) return undefined;
  try {
    const cached = JSON.parse(raw) as CachedHotGames;
    return cached.language === language && Array.isArray(cached.list) ? cached : undefined;
  } catch {
    return undefined;
  }
}

/** Spec: hot games are cached in the session (merchantCode, isPlatform 2, value.list). */
export async function getHotGames(language: Language): Promise<HotGame[]> {
  const value = await api.get<{ list: HotGame[] }>(HOT_GAMES_PATH, {
    query: { merchantCode: getMerchantCode(), isPlatform: 2, platform: 'html5-desktop', language },
  });
  setSessionItem(SESSION_KEYS.hotGames, JSON.stringify({ language, list: value.list, savedAt: Date.now() } satisfies CachedHotGames));
  return value.list;
}

export function hotGamesQueryKey(language: Language) {
  return ['catalogue', 'hot-games', language] as const;
}

export function getHotGamesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: hotGamesQueryKey(language),
    queryFn: () => getHotGames(language),
    // Spec: cached in the session. Shown from the cache at once, revalidated in the background.
    initialData: () => readCache(language)?.list,
    initialDataUpdatedAt: () => readCache(language)?.savedAt ?? 0,
    staleTime: REVALIDATE_AFTER_MS,
  });
}

export function useHotGames() {
  const language = useLanguage();
  return useQuery(getHotGamesQueryOptions(language));
}

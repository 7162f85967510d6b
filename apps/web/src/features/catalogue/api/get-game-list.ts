import type { CATALOGUE_PATHS, GameClassify, GamePage } from '@kismat/contracts/catalogue';
import type { GameCategory } from '@kismat/contracts/constants';
import { PAGE_SIZE } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { useSessionStore } from '@/stores/session-store';
import { getMerchantCode } from '@/stores/storage';

const GAME_LIST_PATH = '/wps/relay/GCSGAME_gameList' satisfies (typeof CATALOGUE_PATHS)['gameList'];
const GAME_LIST_PUBLIC_PATH = '/lgw/games/list' satisfies (typeof CATALOGUE_PATHS)['gameListPublic'];

export interface GameListParams {
  gameType?: GameCategory;
  vassalage?: string;
  gameClassify: GameClassify;
  keyword?: string;
  pageNo: number;
  language: Language;
  isLogin: boolean;
}

/** The game list query (spec section 7): members use the relay (favourites known), visitors the public list. */
export function getGameList(params: GameListParams): Promise<GamePage> {
  return api.get<GamePage>(params.isLogin ? GAME_LIST_PATH : GAME_LIST_PUBLIC_PATH, {
    query: {
      clientType: 'WEB',
      platform: 'html5-desktop',
      merchant: getMerchantCode(),
      gameType: params.gameType,
      vassalage: params.vassalage,
      gameClassify: params.gameClassify,
      keyword: params.keyword,
      language: params.language,
      pageNo: params.pageNo,
      pageSize: PAGE_SIZE.GAMES,
    },
  });
}

export const gameListBaseKey = ['catalogue', 'game-list'] as const;

export function getGameListQueryOptions(params: GameListParams) {
  return queryOptions({
    queryKey: [...gameListBaseKey, params] as const,
    queryFn: () => getGameList(params),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useGameList(params: Omit<GameListParams, 'language' | 'isLogin'>) {
  const language = useLanguage();
  const isLogin = useSessionStore((state) => state.isLogin);
  const needsLogin = params.gameClassify === 'FAV' || params.gameClassify === 'RECENT';
  return useQuery({ ...getGameListQueryOptions({ ...params, language, isLogin }), enabled: isLogin || !needsLogin });
}

import type { CATALOGUE_PATHS, WinnerEntry } from '@kismat/contracts/catalogue';
import type { Language } from '@kismat/contracts/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';

const RANK_LIST_PATH = '/wps/relay/GCSGAME_getRankList' satisfies (typeof CATALOGUE_PATHS)['rankList'];

export type { WinnerEntry };

/** Spec section 9: the winner board asks for 20 (gameCategory ALL). */
export const WINNER_LIMIT = 20;

/** The board as the server answers it: real wins, or (isDemo) the sample board of a site nobody has won on yet. */
export interface RankList {
  list: WinnerEntry[];
  isDemo: boolean;
}

export function getRankList(language: Language): Promise<RankList> {
  return api.get<RankList>(RANK_LIST_PATH, { query: { gameCategory: 'ALL', language, limitNum: WINNER_LIMIT } });
}

export function rankListQueryKey(language: Language) {
  return ['catalogue', 'rank-list', language] as const;
}

export function getRankListQueryOptions(language: Language) {
  return queryOptions({
    queryKey: rankListQueryKey(language),
    queryFn: () => getRankList(language),
    staleTime: 60_000,
    refetchInterval: 120_000,
  });
}

export function useRankList() {
  const language = useLanguage();
  return useQuery(getRankListQueryOptions(language));
}

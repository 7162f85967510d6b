import type { CATALOGUE_PATHS } from '@kismat/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

const FAVOURITE_IDS_PATH = '/wps/relay/MCSFE_getFavoriteGames' satisfies (typeof CATALOGUE_PATHS)['favoriteGameIds'];

/** MCSFE_getFavoriteGames (T): the member's favourite game ids; the stars read them. */
export async function getFavouriteIds(): Promise<number[]> {
  const value = await api.get<{ ids: number[] }>(FAVOURITE_IDS_PATH);
  return value.ids;
}

export const favouriteIdsQueryKey = ['favourites', 'ids'] as const;

export function getFavouriteIdsQueryOptions() {
  return queryOptions({ queryKey: favouriteIdsQueryKey, queryFn: getFavouriteIds, staleTime: 5 * 60_000 });
}

export function useFavouriteIds() {
  const isLogin = useSessionStore((state) => state.isLogin);
  return useQuery({ ...getFavouriteIdsQueryOptions(), enabled: isLogin });
}

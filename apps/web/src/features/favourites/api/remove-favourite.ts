import type { CATALOGUE_PATHS } from '@kismat/contracts/catalogue';
import { api } from '@/lib/api-client';
import type { FavouritePayload } from '../utils/favourite-toggle';

const REMOVE_FAVOURITE_PATH = '/wps/relay/MCSFE_removeFavoriteGameV2' satisfies (typeof CATALOGUE_PATHS)['removeFavoriteGame'];

/** MCSFE_removeFavoriteGameV2 (T, DELETE): the same payload in the query. */
export function removeFavourite(payload: FavouritePayload): Promise<{ nodeId: number; isFavorite: boolean }> {
  return api.delete(REMOVE_FAVOURITE_PATH, { query: { nodeId: payload.nodeId, vendor: payload.vendor, gameType: payload.gameType } });
}

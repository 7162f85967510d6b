import type { CATALOGUE_PATHS } from '@kismat/contracts/catalogue';
import { api } from '@/lib/api-client';
import type { FavouritePayload } from '../utils/favourite-toggle';

const ADD_FAVOURITE_PATH = '/wps/relay/MCSFE_addFavoriteGameV2' satisfies (typeof CATALOGUE_PATHS)['addFavoriteGame'];

/** MCSFE_addFavoriteGameV2 (T, POST): payload nodeId, vendor, gameType. */
export function addFavourite(payload: FavouritePayload): Promise<{ nodeId: number; isFavorite: boolean }> {
  return api.post(ADD_FAVOURITE_PATH, payload);
}

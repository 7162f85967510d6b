import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { openLoginModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { showToast } from '@/stores/toast-store';
import { addFavourite } from '../api/add-favourite';
import { favouriteGamesBaseKey } from '../api/get-favourite-games';
import { favouriteIdsQueryKey, useFavouriteIds } from '../api/get-favourite-ids';
import { removeFavourite } from '../api/remove-favourite';
import { createFavouriteToggle, type FavouritePayload, type FavouriteToggleResult } from '../utils/favourite-toggle';

export interface FavouriteState {
  ids: ReadonlySet<number>;
  /** Whether the ids are known (members only); until then tiles use the game's own flag. */
  isKnown: boolean;
  toggle: (payload: FavouritePayload) => Promise<FavouriteToggleResult>;
}

/** The member's favourite ids and the optimistic, throttled, rolled-back toggle. */
export function useFavourites(): FavouriteState {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useFavouriteIds();
  const toggle = useMemo(
    () =>
      createFavouriteToggle({
        isLogin: () => useSessionStore.getState().isLogin,
        requestLogin: () => openLoginModal(),
        getIds: () => queryClient.getQueryData<number[]>(favouriteIdsQueryKey) ?? [],
        setIds: (ids) => queryClient.setQueryData<number[]>(favouriteIdsQueryKey, ids),
        add: addFavourite,
        remove: removeFavourite,
        onFailure: (error, _payload, wasAdding) => {
          const reason = error instanceof ApiError ? error.message : '';
          showToast(
            [wasAdding ? t('games.favourite.addFailed') : t('games.favourite.removeFailed'), reason].filter(Boolean).join(' '),
            'error',
          );
        },
        // The favourites page and FAV filter follow the server once the call is over.
        onSettled: () => void queryClient.invalidateQueries({ queryKey: favouriteGamesBaseKey }),
      }),
    [queryClient, t],
  );
  const ids = useMemo(() => new Set(data ?? []), [data]);
  return { ids, isKnown: data !== undefined, toggle };
}

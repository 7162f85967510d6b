import type { GameItem, MenuVendor } from '@kismat/contracts/catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getGameListQueryOptions } from '@/features/catalogue/api/get-game-list';
import { GameTile } from '@/features/catalogue/components/game-tile';
import { openVendorPopup, useVendorPopupStore } from '@/features/catalogue/utils/vendor-popup-store';
import { useFavourites } from '@/features/favourites/hooks/use-favourite-toggle';
import { useFreeTrialLauncher, useGameLauncher } from '@/features/game-launch/hooks/use-game-launcher';
import { useLaunchStore } from '@/features/game-launch/utils/launch-store';
import { memberInfoQueryKey } from '@/features/session/api/get-member-info';
import { usePermission } from '@/features/system/api/get-permission';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { runMemberAction } from '@/stores/member-access';
import { useSessionStore } from '@/stores/session-store';
import { showToast } from '@/stores/toast-store';

// The popups load on first use: the home page's first download stays small.
const GameLaunchHost = lazy(() =>
  import('@/features/game-launch/components/game-launch-host').then((module) => ({ default: module.GameLaunchHost })),
);
const VendorGamesDialog = lazy(() =>
  import('@/features/catalogue/components/vendor-games-dialog').then((module) => ({ default: module.VendorGamesDialog })),
);

/**
 * Games across features, composed here: catalogue tiles get the favourites star and the
 * launcher; a closed game refreshes the header balance (member info carries it).
 */
export function useGameActions() {
  const queryClient = useQueryClient();
  const language = useLanguage();
  const isLogin = useSessionStore((state) => state.isLogin);
  const favourites = useFavourites();
  const launch = useGameLauncher();

  const playGame = useCallback(
    (game: GameItem) => launch({ nodeId: game.nodeId, gameType: game.gameType }, game.displayName, 'page'),
    [launch],
  );
  const launchTrial = useFreeTrialLauncher();
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const isStartingFreeplay = useRef(false);
  /**
   * A visitor's free trial starts free play (FREEPLAY3: a trial account with play money) and
   * then the game, instead of the login popup (issue 12); the launcher handles the rest (a
   * game without a trial says so, no FREEPLAY3 offers the login popup).
   */
  const trialGame = useCallback(
    async (game: GameItem) => {
      const flags = permission?.flags;
      if (!useSessionStore.getState().isLogin && game.supportsFreePlay && flags?.FREEPLAY3) {
        if (isStartingFreeplay.current) return;
        isStartingFreeplay.current = true;
        try {
          const { startFreeplaySession } = await import('@/features/session/utils/start-freeplay-session');
          await startFreeplaySession(queryClient, flags);
          showToast(t('header.freeplayStarted'), 'info');
        } catch (error) {
          showToast(error instanceof ApiError ? error.message : t('errors.network'), 'error');
          return;
        } finally {
          isStartingFreeplay.current = false;
        }
      }
      launchTrial(game);
    },
    [permission?.flags, queryClient, t, launchTrial],
  );
  const toggleFavourite = useCallback(
    (game: GameItem) => void favourites.toggle({ nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType }),
    [favourites],
  );

  /** A vendor launches at once: its lobby is the first game of its list. */
  const playVendor = useCallback(
    (vendor: MenuVendor) =>
      runMemberAction(() => {
        void queryClient
          .fetchQuery(
            getGameListQueryOptions({
              gameType: vendor.gameType,
              vassalage: vendor.vassalage,
              gameClassify: 'ALL',
              pageNo: 1,
              language,
              isLogin,
            }),
          )
          .then((page) => {
            const first = page.list[0];
            if (first) launch({ nodeId: first.nodeId, gameType: first.gameType }, first.displayName, 'page');
            else openVendorPopup(vendor);
          });
      }),
    [queryClient, language, isLogin, launch],
  );

  /** Spec: an entry whose isGame is VASSALAGE opens the vendor popup list; GAME launches. */
  const openVendor = useCallback(
    (vendor: MenuVendor) => (vendor.isGame === 'VASSALAGE' ? openVendorPopup(vendor) : playVendor(vendor)),
    [playVendor],
  );

  /** A banner's GAME link: "vassalage/gameCode". */
  const followGameLink = useCallback(
    (linkage: string) => {
      const [vassalage, gameCode] = linkage.split('/');
      if (vassalage && gameCode) launch({ vassalage, gameCode }, gameCode, 'page');
    },
    [launch],
  );

  const renderGame = useCallback(
    (game: GameItem, index = 0) => (
      <GameTile
        key={`${game.vassalage}-${game.nodeId}`}
        game={game}
        isFavourite={favourites.isKnown ? favourites.ids.has(game.nodeId) : game.isFavorite}
        onToggleFavourite={toggleFavourite}
        onPlay={playGame}
        onTrial={trialGame}
        isEager={index < 8}
      />
    ),
    [favourites.ids, favourites.isKnown, toggleFavourite, playGame, trialGame],
  );

  const onGameExit = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: memberInfoQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    void queryClient.invalidateQueries({ queryKey: ['betting-records'] });
  }, [queryClient]);

  return useMemo(
    () => ({ renderGame, playGame, playVendor, openVendor, followGameLink, onGameExit }),
    [renderGame, playGame, playVendor, openVendor, followGameLink, onGameExit],
  );
}

/** The game popup, launch refusals and the vendor popup list, mounted once in the shell. */
export function GameActionsHost() {
  const actions = useGameActions();
  const hasLaunchUi = useLaunchStore((state) => state.popup !== null || state.notice !== null);
  const hasVendorPopup = useVendorPopupStore((state) => state.vendor !== null);
  return (
    <Suspense fallback={null}>
      {hasLaunchUi ? <GameLaunchHost onGameExit={actions.onGameExit} onPlaySuggestion={actions.playGame} /> : null}
      {hasVendorPopup ? <VendorGamesDialog renderGame={actions.renderGame} /> : null}
    </Suspense>
  );
}

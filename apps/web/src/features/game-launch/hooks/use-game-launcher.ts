import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { runMemberAction } from '@/stores/member-access';
import { openLoginModal } from '@/stores/modal-store';
import { useSessionStore } from '@/stores/session-store';
import { type GameMaintenanceValue, type LaunchMode, type LaunchTarget, launchGame } from '../api/launch-game';
import { useLaunchStore } from '../utils/launch-store';

/** page: the /seamless page's in-page frame; popup: the game popup's iframe. */
export type LaunchPresentation = 'page' | 'popup';

/** /seamless?nodeId=&vassalage=: a reload launches the same game again. */
export function seamlessHref(nodeId: number, vassalage: string): string {
  return `${paths.seamless.path}?${new URLSearchParams({ nodeId: String(nodeId), vassalage })}`;
}

function targetKey(target: LaunchTarget, mode: LaunchMode): string {
  return `${mode}:${'nodeId' in target ? `node:${target.nodeId}` : `vendor:${target.vassalage}:${target.gameCode}`}`;
}

/**
 * The play button is member-only (visitors: login popup; trial players: "a true account is
 * needed"). The free-trial button needs only a login: trial players play free (spec section 1),
 * visitors get the login popup (the app starts free play first where FREEPLAY3 is on, so a
 * visitor's free trial normally arrives here signed in as a trial player: game-actions.tsx).
 */
function runGate(mode: LaunchMode, action: () => void): void {
  if (mode === 'real') {
    runMemberAction(action);
    return;
  }
  if (!useSessionStore.getState().isLogin) {
    openLoginModal();
    return;
  }
  action();
}

/** Signed in with a real account: a refused free trial points such a member to the play button. */
function isRealMember(): boolean {
  const session = useSessionStore.getState();
  return session.isLogin && !session.isTrial;
}

function isMaintenanceValue(value: unknown): value is GameMaintenanceValue {
  return typeof value === 'object' && value !== null && Array.isArray((value as GameMaintenanceValue).suggestions);
}

/**
 * Launches a game: visitors get the login popup, trial players "a true account is needed"
 * (both before any call; a free trial is open to trial players); the URL then opens in the
 * /seamless page or the game popup, or in a new window for vendors that refuse frames
 * (popup-blocked is reported). A free trial always opens in the popup, labelled play money.
 */
export function useGameLauncher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();

  return useCallback(
    (target: LaunchTarget, gameName: string, presentation: LaunchPresentation = 'page', mode: LaunchMode = 'real') => {
      runGate(mode, () => {
        const store = useLaunchStore.getState();
        const key = targetKey(target, mode);
        if (store.pendingKey === key) return;
        store.setPending(key);
        // A window opened before the call keeps the browser's user-gesture permission.
        void launchGame(target, language, mode)
          .then((launch) => {
            if (launch.mode === 'redirect' && launch.url.startsWith('/')) {
              // An in-house game is a page of this site: open it here. A new `noopener` tab
              // would start without this tab's sessionStorage, so signed out.
              void navigate(launch.url);
              return;
            }
            if (launch.mode === 'redirect') {
              const opened = window.open(launch.url, '_blank', 'noopener');
              if (!opened) store.showNotice({ kind: 'blocked', gameName: launch.gameName, suggestions: [], maintenanceEnd: null });
              return;
            }
            if (presentation === 'popup' || launch.isFunMode) {
              store.openPopup({ url: launch.url, title: launch.gameName, isDemo: launch.isDemo, isFunMode: launch.isFunMode });
              return;
            }
            void navigate(seamlessHref(launch.nodeId, launch.vassalage), { state: { launch } });
          })
          .catch((error: unknown) => {
            if (!(error instanceof ApiError)) throw error;
            // The API client already opened the login or true-account popup for these.
            if (error.code === 'TRIAL_FORBIDDEN' || error.code === 'AUTH_REQUIRED' || error.status === 401) return;
            // The tile offered a free trial, but only trial accounts get play money here (the
            // in-house games): a member is pointed to the play button, not told to log in.
            if (error.code === 'FREE_PLAY_UNSUPPORTED' && isRealMember()) {
              store.showNotice({
                kind: 'noTrial',
                gameName,
                message: t('games.launch.noTrialMemberText', { name: gameName }),
                suggestions: [],
                maintenanceEnd: null,
              });
              return;
            }
            if (error.code === 'GAME_MAINTENANCE') {
              const value = isMaintenanceValue(error.value) ? error.value : { suggestions: [], maintenanceEnd: null };
              store.showNotice({ kind: 'maintenance', gameName, ...value });
              return;
            }
            store.showNotice({
              kind: 'failed',
              gameName,
              message: error.message || t('games.launch.failed'),
              suggestions: [],
              maintenanceEnd: null,
            });
          })
          .finally(() => store.setPending(null));
      });
    },
    [language, navigate, t],
  );
}

/** What the free-trial button needs to know of a game. */
export interface FreeTrialGame {
  nodeId: number;
  displayName: string;
  supportsFreePlay: boolean;
}

/**
 * The free-trial button: launches the game in fun mode (play money) in the game popup. A game
 * whose vendor offers no free trial says so at once, without a call or a login.
 */
export function useFreeTrialLauncher() {
  const { t } = useTranslation();
  const launch = useGameLauncher();
  return useCallback(
    (game: FreeTrialGame) => {
      if (!game.supportsFreePlay) {
        useLaunchStore.getState().showNotice({
          kind: 'noTrial',
          gameName: game.displayName,
          message: isRealMember()
            ? t('games.launch.noTrialMemberText', { name: game.displayName })
            : t('games.launch.noTrialText', { name: game.displayName }),
          suggestions: [],
          maintenanceEnd: null,
        });
        return;
      }
      launch({ nodeId: game.nodeId }, game.displayName, 'popup', 'fun');
    },
    [launch, t],
  );
}

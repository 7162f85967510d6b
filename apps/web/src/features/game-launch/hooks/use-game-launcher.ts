import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useLanguage } from '@/stores/language-store';
import { runMemberAction } from '@/stores/member-access';
import { type GameMaintenanceValue, type LaunchTarget, launchGame } from '../api/launch-game';
import { useLaunchStore } from '../utils/launch-store';

/** page: the /seamless page's in-page frame; popup: the game popup's iframe. */
export type LaunchPresentation = 'page' | 'popup';

/** /seamless?nodeId=&vassalage=: a reload launches the same game again. */
export function seamlessHref(nodeId: number, vassalage: string): string {
  return `${paths.seamless.path}?${new URLSearchParams({ nodeId: String(nodeId), vassalage })}`;
}

function targetKey(target: LaunchTarget): string {
  return 'nodeId' in target ? `node:${target.nodeId}` : `vendor:${target.vassalage}:${target.gameCode}`;
}

function isMaintenanceValue(value: unknown): value is GameMaintenanceValue {
  return typeof value === 'object' && value !== null && Array.isArray((value as GameMaintenanceValue).suggestions);
}

/**
 * Launches a game: visitors get the login popup, trial players "a true account is needed"
 * (both before any call); the URL then opens in the /seamless page or the game popup, or in a
 * new window for vendors that refuse frames (popup-blocked is reported).
 */
export function useGameLauncher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();

  return useCallback(
    (target: LaunchTarget, gameName: string, presentation: LaunchPresentation = 'page') => {
      runMemberAction(() => {
        const store = useLaunchStore.getState();
        const key = targetKey(target);
        if (store.pendingKey === key) return;
        store.setPending(key);
        // A window opened before the call keeps the browser's user-gesture permission.
        void launchGame(target, language)
          .then((launch) => {
            if (launch.mode === 'redirect') {
              const opened = window.open(launch.url, '_blank', 'noopener');
              if (!opened) store.showNotice({ kind: 'blocked', gameName: launch.gameName, suggestions: [], maintenanceEnd: null });
              return;
            }
            if (presentation === 'popup') {
              store.openPopup({ url: launch.url, title: launch.gameName, isDemo: launch.isDemo });
              return;
            }
            void navigate(seamlessHref(launch.nodeId, launch.vassalage), { state: { launch } });
          })
          .catch((error: unknown) => {
            if (!(error instanceof ApiError)) throw error;
            // The API client already opened the login or true-account popup for these.
            if (error.code === 'TRIAL_FORBIDDEN' || error.code === 'AUTH_REQUIRED' || error.status === 401) return;
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

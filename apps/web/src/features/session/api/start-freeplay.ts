import type { LoginResult, SESSION_PATHS } from '@kismat/contracts/session';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getStoredLanguage } from '@/stores/storage';

const FREEPLAY_PATH = '/wps/session/login/freeplay' satisfies (typeof SESSION_PATHS)['freeplay'];

function currentOs(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/android/i.test(agent)) return 'android';
  if (/iphone|ipad|ipod/i.test(agent)) return 'ios';
  return 'web';
}

/** POST /wps/session/login/freeplay (N): a trial (type 4) account with play money (FREEPLAY3). */
export function startFreeplay(): Promise<LoginResult> {
  return api.post<LoginResult>(
    FREEPLAY_PATH,
    { os: currentOs(), platform: 'W', Encryption: true, gatewayVersion: '3', language: getStoredLanguage() },
    { skipAuthRedirect: true },
  );
}

export function useStartFreeplay() {
  return useMutation({ mutationFn: startFreeplay });
}

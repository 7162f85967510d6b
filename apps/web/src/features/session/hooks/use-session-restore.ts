import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getLocalItem, hasToken, LOCAL_KEYS } from '@/lib/storage';
import { refreshSession } from '../api/refresh-session';
import { completeLogin, type FeatureFlags } from '../utils/complete-login';

let hasTried = false;

/**
 * Remember me: a new tab (session storage empty) of a member who ticked remember-password gets
 * a session from the HttpOnly refresh cookie, valid one day from that login. Tried once per page.
 */
export function useSessionRestore(flags: FeatureFlags | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (hasTried || hasToken() || getLocalItem(LOCAL_KEYS.rememberedUsername) === null) return;
    hasTried = true;
    void refreshSession()
      .then((result) => completeLogin(result, { queryClient, flags, heldPassword: null }))
      .catch(() => undefined);
  }, [queryClient, flags]);
}

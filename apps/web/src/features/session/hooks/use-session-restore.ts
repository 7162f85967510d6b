import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getLocalItem, hasToken, LOCAL_KEYS } from '@/stores/storage';
import type { FeatureFlags } from '../utils/complete-login';

let hasTried = false;

/**
 * Remember me: a new tab (session storage empty) of a member who ticked remember-password gets
 * a session from the HttpOnly refresh cookie, valid one day from that login. Tried once per page;
 * the login code loads only then, so other visitors never download it.
 */
export function useSessionRestore(flags: FeatureFlags | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (hasTried || hasToken() || getLocalItem(LOCAL_KEYS.rememberedUsername) === null) return;
    hasTried = true;
    void (async () => {
      const [{ refreshSession }, { completeLogin }] = await Promise.all([
        import('../api/refresh-session'),
        import('../utils/complete-login'),
      ]);
      const result = await refreshSession();
      await completeLogin(result, { queryClient, flags, heldPassword: null });
    })().catch(() => undefined);
  }, [queryClient, flags]);
}

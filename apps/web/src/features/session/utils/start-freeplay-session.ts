import type { QueryClient } from '@tanstack/react-query';
import { startFreeplay } from '../api/start-freeplay';
import { completeLogin, type FeatureFlags } from './complete-login';

/** Free play (FREEPLAY3): a trial (type 4) account, signed in like any login. */
export async function startFreeplaySession(queryClient: QueryClient, flags: FeatureFlags | undefined): Promise<void> {
  const result = await startFreeplay();
  await completeLogin(result, { queryClient, flags, heldPassword: null });
}

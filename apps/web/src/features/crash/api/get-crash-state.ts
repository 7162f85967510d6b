import type { CRASH_PATHS, CrashState } from '@kismat/contracts/crash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { crashKeys } from './crash-keys';

const STATE_PATH = '/bgs/api/crash/state' satisfies (typeof CRASH_PATHS)['state'];

/** The screen's state with the moment it arrived, so the curve runs on the server's clock. */
export type CrashStateValue = CrashState & { receivedAt: number };

/** The current round, its bets, the last crash points, the member's bet, balance and limits (T). */
export async function getCrashState(): Promise<CrashStateValue> {
  const state = await api.get<CrashState>(STATE_PATH);
  return { ...state, receivedAt: Date.now() };
}

export function getCrashStateQueryOptions() {
  // The /ws feed drives the screen; the poll only repairs a missed push (a socket reconnecting).
  return queryOptions({ queryKey: crashKeys.state, queryFn: getCrashState, refetchInterval: 5_000 });
}

export function useCrashState() {
  return useQuery(getCrashStateQueryOptions());
}

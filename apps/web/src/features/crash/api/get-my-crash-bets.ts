import type { CRASH_PATHS, CrashFeedBet } from '@kismat/contracts/crash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { crashKeys } from './crash-keys';

const MY_BETS_PATH = '/bgs/api/crash/my-bets' satisfies (typeof CRASH_PATHS)['myBets'];

export type MyCrashBet = CrashFeedBet & { crashPoint: string | null; placedAt: string };
export interface MyCrashBetsValue {
  list: MyCrashBet[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** The member's own crash bets, newest first (T). */
export function getMyCrashBets(): Promise<MyCrashBetsValue> {
  return api.get<MyCrashBetsValue>(MY_BETS_PATH, { query: { pageNo: 1, pageSize: 20 } });
}

export function getMyCrashBetsQueryOptions() {
  return queryOptions({ queryKey: crashKeys.myBets, queryFn: getMyCrashBets });
}

export function useMyCrashBets() {
  return useQuery(getMyCrashBetsQueryOptions());
}

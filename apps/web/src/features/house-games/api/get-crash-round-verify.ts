import type { CRASH_PATHS, CrashRound } from '@kismat/contracts/crash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const CRASH_ROUND_PATH = '/bgs/api/crash/rounds/:roundId' satisfies (typeof CRASH_PATHS)['round'];

export interface CrashRoundVerifyValue {
  round: CrashRound;
  previousLink: string;
  chainLength: number;
}

/** A crash round's published fields and the link its seed must hash to (public: no token needed). */
export function getCrashRoundVerify(roundId: string): Promise<CrashRoundVerifyValue> {
  return api.get<CrashRoundVerifyValue>(CRASH_ROUND_PATH.replace(':roundId', encodeURIComponent(roundId)));
}

export function getCrashRoundVerifyQueryOptions(roundId: string) {
  return queryOptions({ queryKey: ['house-games', 'crash-round-verify', roundId] as const, queryFn: () => getCrashRoundVerify(roundId) });
}

export function useCrashRoundVerify(roundId: string | null) {
  return useQuery({ ...getCrashRoundVerifyQueryOptions(roundId ?? ''), enabled: roundId !== null && /^\d{1,18}$/.test(roundId) });
}

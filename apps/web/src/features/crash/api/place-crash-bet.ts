import type { CRASH_PATHS, CrashFeedBet } from '@kismat/contracts/crash';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const BET_PATH = '/bgs/api/crash/bet' satisfies (typeof CRASH_PATHS)['bet'];

export interface CrashBetValue {
  bet: CrashFeedBet;
  balance: string;
  isReplay: boolean;
}

/** A bet in the current round's betting window (T); the key makes a retried tap one bet. */
export function placeCrashBet(input: {
  roundId: string;
  stake: string;
  autoCashOut: string | null;
  idempotencyKey: string;
}): Promise<CrashBetValue> {
  return api.post<CrashBetValue>(BET_PATH, input);
}

export function usePlaceCrashBet() {
  return useMutation({ mutationFn: placeCrashBet });
}

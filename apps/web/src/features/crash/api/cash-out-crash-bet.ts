import type { CRASH_PATHS } from '@kismat/contracts/crash';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CrashBetValue } from './place-crash-bet';

const CASH_OUT_PATH = '/bgs/api/crash/cash-out' satisfies (typeof CRASH_PATHS)['cashOut'];

/** Cashes the member's bet out at the multiplier of the SERVER's clock (T); a repeat pays nothing more. */
export function cashOutCrashBet(input: { roundId: string }): Promise<CrashBetValue> {
  return api.post<CrashBetValue>(CASH_OUT_PATH, input);
}

export function useCashOutCrashBet() {
  return useMutation({ mutationFn: cashOutCrashBet });
}

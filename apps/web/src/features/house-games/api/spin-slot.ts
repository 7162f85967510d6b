import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SpinValue } from '../utils/house-games-types';

const SPIN_PATH = '/bgs/api/slots/spin' satisfies (typeof HOUSE_GAME_PATHS)['spin'];

/** One paid spin with its whole free-spin feature (T). The key makes a network retry replay, not re-bet. */
export function spinSlot(input: { titleId: string; betLevel: string; idempotencyKey: string }): Promise<SpinValue> {
  return api.post<SpinValue>(SPIN_PATH, input);
}

/** The screen refreshes balance, fairness and history once the reels have stopped, not before. */
export function useSpinSlot() {
  return useMutation({ mutationFn: spinSlot });
}

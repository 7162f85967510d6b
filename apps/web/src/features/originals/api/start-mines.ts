import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlayValue } from '../utils/originals-types';

const START_PATH = '/bgs/api/originals/mines/start' satisfies (typeof ORIGINALS_PATHS)['minesStart'];

/** Opens a mines round: the stake is taken and the mines fixed (T). */
export function startMines(input: { stake: string; mineCount: number; idempotencyKey: string }): Promise<PlayValue> {
  return api.post<PlayValue>(START_PATH, input);
}

export function useStartMines() {
  return useMutation({ mutationFn: startMines });
}

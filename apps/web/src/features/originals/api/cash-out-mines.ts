import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlayValue } from '../utils/originals-types';

const CASH_OUT_PATH = '/bgs/api/originals/mines/cash-out' satisfies (typeof ORIGINALS_PATHS)['minesCashOut'];

/** Cashes the open round out; a retry gets the same settled round, paid once (T). */
export function cashOutMines(input: { roundId: string }): Promise<PlayValue> {
  return api.post<PlayValue>(CASH_OUT_PATH, input);
}

export function useCashOutMines() {
  return useMutation({ mutationFn: cashOutMines });
}

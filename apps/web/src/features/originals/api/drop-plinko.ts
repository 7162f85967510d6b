import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlayValue } from '../utils/originals-types';

const DROP_PATH = '/bgs/api/originals/plinko/drop' satisfies (typeof ORIGINALS_PATHS)['plinkoDrop'];

/** One plinko drop (T). The key makes a network retry replay the drop, never bet twice. */
export function dropPlinko(input: {
  stake: string;
  rows: number;
  risk: 'LOW' | 'MEDIUM' | 'HIGH';
  idempotencyKey: string;
}): Promise<PlayValue> {
  return api.post<PlayValue>(DROP_PATH, input);
}

export function useDropPlinko() {
  return useMutation({ mutationFn: dropPlinko });
}

import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlayValue } from '../utils/originals-types';

const ROLL_PATH = '/bgs/api/originals/dice/roll' satisfies (typeof ORIGINALS_PATHS)['diceRoll'];

/** One dice roll (T). The key makes a network retry replay the roll, never bet twice. */
export function rollDice(input: {
  stake: string;
  direction: 'UNDER' | 'OVER';
  chance: number;
  idempotencyKey: string;
}): Promise<PlayValue> {
  return api.post<PlayValue>(ROLL_PATH, input);
}

export function useRollDice() {
  return useMutation({ mutationFn: rollDice });
}

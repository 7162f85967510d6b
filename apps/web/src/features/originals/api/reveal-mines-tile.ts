import type { ORIGINALS_PATHS } from '@kismat/contracts/originals';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PlayValue } from '../utils/originals-types';

const REVEAL_PATH = '/bgs/api/originals/mines/reveal' satisfies (typeof ORIGINALS_PATHS)['minesReveal'];

/** Reveals one tile of the open round; a repeated tap on the same tile is answered unchanged (T). */
export function revealMinesTile(input: { roundId: string; tile: number }): Promise<PlayValue> {
  return api.post<PlayValue>(REVEAL_PATH, input);
}

export function useRevealMinesTile() {
  return useMutation({ mutationFn: revealMinesTile });
}

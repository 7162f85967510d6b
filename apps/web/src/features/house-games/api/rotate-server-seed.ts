import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RotateSeedValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const ROTATE_PATH = '/bgs/api/fairness/rotate' satisfies (typeof HOUSE_GAME_PATHS)['rotateSeed'];

/**
 * Reveals the server seed in use (its rounds become verifiable) and activates the next one,
 * whose hash was shown before, with a client seed chosen now in the browser (T).
 */
export function rotateServerSeed(clientSeed: string): Promise<RotateSeedValue> {
  return api.post<RotateSeedValue>(ROTATE_PATH, { family: 'SLOTS', clientSeed });
}

export function useRotateServerSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateServerSeed,
    onSuccess: (value) => {
      queryClient.setQueryData(houseGamesKeys.fairness, value.current);
      return queryClient.invalidateQueries({ queryKey: ['house-games', 'slot-round-verify'] });
    },
  });
}

import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RotateSeedValue } from '../utils/originals-types';
import { originalsKeys } from './originals-keys';

const ROTATE_PATH = '/bgs/api/fairness/rotate' satisfies (typeof HOUSE_GAME_PATHS)['rotateSeed'];

/** Reveals the seed in use (its rounds become verifiable) and activates the committed next one with a fresh client seed (T). */
export function rotateServerSeed(clientSeed: string): Promise<RotateSeedValue> {
  return api.post<RotateSeedValue>(ROTATE_PATH, { family: 'SLOTS', clientSeed });
}

export function useRotateServerSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateServerSeed,
    onSuccess: (value) => queryClient.setQueryData(originalsKeys.fairness, value.current),
  });
}

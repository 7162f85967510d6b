import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { FairnessState } from '../utils/originals-types';
import { originalsKeys } from './originals-keys';

const CLIENT_SEED_PATH = '/bgs/api/fairness/client-seed' satisfies (typeof HOUSE_GAME_PATHS)['setClientSeed'];

/** Sets the player's client seed; the server seed committed before stays (T). */
export function setClientSeed(clientSeed: string): Promise<FairnessState> {
  return api.post<FairnessState>(CLIENT_SEED_PATH, { family: 'SLOTS', clientSeed });
}

export function useSetClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setClientSeed, onSuccess: (value) => queryClient.setQueryData(originalsKeys.fairness, value) });
}

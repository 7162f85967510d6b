import { useRotateServerSeed as useRotateSeed } from '@/lib/rotate-server-seed';
import type { RotateSeedValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

/** Rotates the seed pair (lib/rotate-server-seed.ts); the slot panels show the new pair and re-verify their rounds. */
export function useRotateServerSeed() {
  return useRotateSeed<RotateSeedValue>((value, queryClient) => {
    queryClient.setQueryData(houseGamesKeys.fairness, value.current);
    return queryClient.invalidateQueries({ queryKey: ['house-games', 'slot-round-verify'] });
  });
}

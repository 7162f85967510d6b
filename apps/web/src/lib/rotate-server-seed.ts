import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const ROTATE_PATH = '/bgs/api/fairness/rotate' satisfies (typeof HOUSE_GAME_PATHS)['rotateSeed'];

/**
 * Reveals the server seed in use (its rounds become verifiable) and activates the next one,
 * whose hash was shown before, with a client seed chosen now in the browser (T). The slots' and
 * the originals' fairness panels rotate the same seed pair; each refreshes its own queries with
 * the answer in `onRotated` (what it returns, the mutation waits for).
 */
export function useRotateServerSeed<TValue>(onRotated: (value: TValue, queryClient: QueryClient) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) => api.post<TValue>(ROTATE_PATH, { family: 'SLOTS', clientSeed }),
    onSuccess: (value) => onRotated(value, queryClient),
  });
}

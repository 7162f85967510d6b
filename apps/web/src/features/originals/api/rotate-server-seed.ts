import { useRotateServerSeed as useRotateSeed } from '@/lib/rotate-server-seed';
import type { RotateSeedValue } from '../utils/originals-types';
import { originalsKeys } from './originals-keys';

/** Rotates the seed pair (lib/rotate-server-seed.ts); the originals' seed panel shows the new pair. */
export function useRotateServerSeed() {
  return useRotateSeed<RotateSeedValue>((value, queryClient) => queryClient.setQueryData(originalsKeys.fairness, value.current));
}

import type { ORIGINALS_PATHS, OriginalGame } from '@kismat/contracts/originals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { OriginalRoundsValue } from '../utils/originals-types';
import { originalsKeys } from './originals-keys';

const ROUNDS_PATH = '/bgs/api/originals/rounds' satisfies (typeof ORIGINALS_PATHS)['rounds'];

/** The member's last rounds of one game, newest first (T). */
export function getOriginalRounds(game: OriginalGame): Promise<OriginalRoundsValue> {
  return api.get<OriginalRoundsValue>(ROUNDS_PATH, { query: { game, pageNo: 1, pageSize: 20 } });
}

export function useOriginalRounds(game: OriginalGame, isEnabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: originalsKeys.rounds(game), queryFn: () => getOriginalRounds(game) }),
    enabled: isEnabled,
  });
}

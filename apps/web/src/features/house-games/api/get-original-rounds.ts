import type { ORIGINALS_PATHS, originalRoundsResponse } from '@kismat/contracts/originals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { houseGamesKeys } from './house-games-keys';

const ROUNDS_PATH = '/bgs/api/originals/rounds' satisfies (typeof ORIGINALS_PATHS)['rounds'];

export type OriginalRoundsValue = z.infer<typeof originalRoundsResponse>['value'];

/** The member's last dice and mines rounds, newest first: the verify page's picker (T). */
export function getOriginalRounds(): Promise<OriginalRoundsValue> {
  return api.get<OriginalRoundsValue>(ROUNDS_PATH, { query: { pageNo: 1, pageSize: 50 } });
}

export function useOriginalRounds(isEnabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: houseGamesKeys.originalRounds, queryFn: getOriginalRounds }), enabled: isEnabled });
}

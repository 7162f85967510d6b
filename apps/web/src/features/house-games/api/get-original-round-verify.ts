import type { ORIGINALS_PATHS, verifyOriginalRoundResponse } from '@kismat/contracts/originals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { houseGamesKeys } from './house-games-keys';

const VERIFY_PATH = '/bgs/api/originals/verify/:roundId' satisfies (typeof ORIGINALS_PATHS)['verify'];

export type VerifyOriginalRoundValue = z.infer<typeof verifyOriginalRoundResponse>['value'];

/** Everything to recompute a dice or mines round; the server seed is null until it is rotated (T). */
export function getOriginalRoundVerify(roundId: string): Promise<VerifyOriginalRoundValue> {
  return api.get<VerifyOriginalRoundValue>(VERIFY_PATH.replace(':roundId', encodeURIComponent(roundId)));
}

export function useOriginalRoundVerify(roundId: string | null) {
  return useQuery({
    ...queryOptions({ queryKey: houseGamesKeys.originalRoundVerify(roundId ?? ''), queryFn: () => getOriginalRoundVerify(roundId ?? '') }),
    enabled: Boolean(roundId),
  });
}

import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { VerifySlotRoundValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const VERIFY_PATH = '/bgs/api/fairness/verify/:roundId' satisfies (typeof HOUSE_GAME_PATHS)['verifySlotRound'];

/** Everything to recompute a past round; the server seed is null until it is rotated (T). */
export function getSlotRoundVerify(roundId: string): Promise<VerifySlotRoundValue> {
  return api.get<VerifySlotRoundValue>(VERIFY_PATH.replace(':roundId', encodeURIComponent(roundId)));
}

export function getSlotRoundVerifyQueryOptions(roundId: string) {
  return queryOptions({ queryKey: houseGamesKeys.slotRoundVerify(roundId), queryFn: () => getSlotRoundVerify(roundId) });
}

export function useSlotRoundVerify(roundId: string | null) {
  return useQuery({ ...getSlotRoundVerifyQueryOptions(roundId ?? ''), enabled: Boolean(roundId) });
}

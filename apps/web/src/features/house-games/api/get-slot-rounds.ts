import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SlotRoundsValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const SLOT_ROUNDS_PATH = '/bgs/api/slots/rounds' satisfies (typeof HOUSE_GAME_PATHS)['slotRounds'];

/** The member's rounds at one title, newest first (T). */
export function getSlotRounds(titleId: string): Promise<SlotRoundsValue> {
  return api.get<SlotRoundsValue>(SLOT_ROUNDS_PATH, { query: { titleId, pageNo: 1, pageSize: 20 } });
}

export function getSlotRoundsQueryOptions(titleId: string) {
  return queryOptions({ queryKey: houseGamesKeys.slotRounds(titleId), queryFn: () => getSlotRounds(titleId) });
}

export function useSlotRounds(titleId: string, isEnabled = true) {
  return useQuery({ ...getSlotRoundsQueryOptions(titleId), enabled: isEnabled });
}

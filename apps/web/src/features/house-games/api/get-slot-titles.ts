import type { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SlotTitlesValue } from '../utils/house-games-types';
import { houseGamesKeys } from './house-games-keys';

const SLOT_TITLES_PATH = '/bgs/api/slots/titles' satisfies (typeof HOUSE_GAME_PATHS)['slotTitles'];

/** Slot titles with their bet levels and declared RTP (N). */
export function getSlotTitles(): Promise<SlotTitlesValue> {
  return api.get<SlotTitlesValue>(SLOT_TITLES_PATH);
}

export function getSlotTitlesQueryOptions() {
  return queryOptions({ queryKey: houseGamesKeys.slotTitles, queryFn: getSlotTitles, staleTime: 10 * 60_000 });
}

export function useSlotTitles() {
  return useQuery(getSlotTitlesQueryOptions());
}

import type { SlotTitle } from './slot-types';
import { BENGAL_TIGER } from './titles/bengal-tiger';
import { GOLDEN_DELTA } from './titles/golden-delta';
import { LUCKY_LOTUS } from './titles/lucky-lotus';

/** Every in-house slot title, by id; the server's catalogue and the verify page look titles up here. */
export const SLOT_TITLES: readonly SlotTitle[] = [BENGAL_TIGER, LUCKY_LOTUS, GOLDEN_DELTA];

export function findSlotTitle(titleId: string): SlotTitle | undefined {
  return SLOT_TITLES.find((title) => title.id === titleId);
}

import { DEFAULT_HOUSE_EDGE_BP, MAX_HOUSE_EDGE_BP, MIN_HOUSE_EDGE_BP } from '@kismat/game-math/originals/house-edge';
import { z } from 'zod';
import type { Merchant } from '../../platform/merchant';

/** Stakes of one original round, in minor units: 1.00 to 10,000.00. */
export const MIN_STAKE_MINOR = 100n;
export const MAX_STAKE_MINOR = 1_000_000n;

const setting = z.object({
  originalsHouseEdgeBp: z
    .number()
    .int()
    .min(MIN_HOUSE_EDGE_BP)
    .max(MAX_HOUSE_EDGE_BP)
    .catch(DEFAULT_HOUSE_EDGE_BP)
    .default(DEFAULT_HOUSE_EDGE_BP),
});

/**
 * The merchant's house edge of the originals (`merchants.settings.originalsHouseEdgeBp`, basis
 * points, 0-1,000; 1% when unset or malformed). Each round keeps the edge it opened with, so a
 * change never alters an open mines round or a past round's verification.
 */
export function houseEdgeOf(merchant: Pick<Merchant, 'settings'>): number {
  const parsed = setting.safeParse(merchant.settings ?? {});
  return parsed.success ? parsed.data.originalsHouseEdgeBp : DEFAULT_HOUSE_EDGE_BP;
}

import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';

/**
 * Counts the rewards a member can claim now (member state availablePromoCount). Promotions sit
 * above member (they read members through its face), so member cannot import them: the route
 * registry (modules/index.ts) hands the promotions module's counter in at start-up.
 */
export type AvailablePromotionCounter = (db: DbOrTx, member: MemberRow, merchant: Merchant) => Promise<number>;

let counter: AvailablePromotionCounter | null = null;

export function registerAvailablePromotionCounter(count: AvailablePromotionCounter): void {
  counter = count;
}

export async function countAvailablePromotions(db: DbOrTx, member: MemberRow, merchant: Merchant): Promise<number> {
  return counter ? counter(db, member, merchant) : 0;
}

import { promotionSettings } from '../db/schema/promotions';
import type { Db } from '../platform/db';

/**
 * Sets the merchant's deposit turnover to none (the operator's setting, promotion_settings), for
 * tests about withdrawals themselves: by default every credited deposit adds 1x turnover and a
 * withdrawal before that is played is refused with TURNOVER_NOT_MET (promotions-core.test.ts).
 */
export async function withoutDepositTurnover(db: Db, merchantId: number): Promise<void> {
  await db
    .insert(promotionSettings)
    .values({ merchantId, depositTurnoverBp: 0, updatedBy: 'test' })
    .onConflictDoUpdate({ target: promotionSettings.merchantId, set: { depositTurnoverBp: 0 } });
}

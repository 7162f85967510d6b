import type { DbOrTx } from '../../platform/db';
import { getMemberVipLevel } from './vip-queries';

/**
 * The daily withdrawal limits of the member's level (count and amount), or null without a level
 * (the merchant's cashier limits apply). The cashier's create-withdrawal reads them through the
 * vip face: a level replaces the merchant's daily limits (levels are how an operator raises them).
 */
export async function getVipWithdrawalLimits(db: DbOrTx, memberId: number): Promise<{ dailyCount: number; dailyAmount: bigint } | null> {
  const { level } = await getMemberVipLevel(db, memberId);
  return level ? { dailyCount: level.withdrawDailyCount, dailyAmount: level.withdrawDailyAmount } : null;
}

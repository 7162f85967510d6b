import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { missionLeaderboards, missions } from '../../db/schema/missions';
import type { DbOrTx } from '../../platform/db';

/**
 * The demo's missions (a few daily and weekly ones, cash rewards with 1x turnover) and a weekly
 * valid-bet leaderboard with prizes for the top 10. Only when the merchant has none, so what an
 * operator made is never touched. For the default merchant.
 */
export async function seedDemoMissions(db: DbOrTx): Promise<void> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true)).limit(1);
  if (!merchant) return;
  const merchantId = merchant.id;
  const [existing] = await db.select({ id: missions.id }).from(missions).where(eq(missions.merchantId, merchantId)).limit(1);
  if (!existing) {
    await db.insert(missions).values([
      {
        merchantId,
        titles: { BN: 'আজ 500 টাকা বাজি ধরুন', EN: 'Bet 500 today', SW: 'Weka dau la 500 leo' },
        period: 'DAILY',
        metric: 'VALID_BET',
        target: 500_00n,
        rewardKind: 'CASH',
        rewardAmount: 5_00n,
        sortOrder: 1,
      },
      {
        merchantId,
        titles: { BN: 'আজ 20 বার খেলুন', EN: 'Play 20 rounds today', SW: 'Cheza mizunguko 20 leo' },
        period: 'DAILY',
        metric: 'BET_COUNT',
        target: 20n,
        rewardKind: 'CASH',
        rewardAmount: 3_00n,
        sortOrder: 2,
      },
      {
        merchantId,
        titles: { BN: 'আজ লগইন করুন', EN: 'Log in today', SW: 'Ingia leo' },
        period: 'DAILY',
        metric: 'LOGIN_DAYS',
        target: 1n,
        rewardKind: 'CASH',
        rewardAmount: 1_00n,
        sortOrder: 3,
      },
      {
        merchantId,
        titles: { BN: 'এই সপ্তাহে 1,000 টাকা ডিপোজিট করুন', EN: 'Deposit 1,000 this week', SW: 'Weka amana ya 1,000 wiki hii' },
        period: 'WEEKLY',
        metric: 'DEPOSIT_AMOUNT',
        target: 1_000_00n,
        rewardKind: 'CASH',
        rewardAmount: 20_00n,
        sortOrder: 4,
      },
      {
        merchantId,
        titles: { BN: 'এই সপ্তাহে স্লটে 5,000 টাকা বাজি', EN: 'Bet 5,000 on slots this week', SW: 'Weka dau la 5,000 kwenye slots wiki hii' },
        period: 'WEEKLY',
        metric: 'VALID_BET',
        gameType: 'SLOTS',
        target: 5_000_00n,
        rewardKind: 'CASH',
        rewardAmount: 50_00n,
        sortOrder: 5,
      },
    ]);
  }
  const [board] = await db
    .select({ id: missionLeaderboards.id })
    .from(missionLeaderboards)
    .where(eq(missionLeaderboards.merchantId, merchantId))
    .limit(1);
  if (!board) {
    const prizes = [1_000_00n, 500_00n, 300_00n, 100_00n, 100_00n, 50_00n, 50_00n, 50_00n, 50_00n, 50_00n];
    await db.insert(missionLeaderboards).values({
      merchantId,
      titles: { BN: 'সাপ্তাহিক বাজি লিডারবোর্ড', EN: 'Weekly betting leaderboard', SW: 'Ubao wa viongozi wa dau wa wiki' },
      period: 'WEEKLY',
      metric: 'VALID_BET',
      prizes: prizes.map((amount, index) => ({ rank: index + 1, amount: amount.toString() })),
    });
  }
}

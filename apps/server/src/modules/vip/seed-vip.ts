import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { vipLevels } from '../../db/schema/vip';
import type { DbOrTx } from '../../platform/db';

const TAKA = 100n;

/** Bronze .. Diamond: targets on lifetime deposit and valid bet, monthly retention, bonuses and withdrawal limits (৳). */
const DEFAULT_LADDER = [
  {
    bn: 'ব্রোঞ্জ',
    en: 'Bronze',
    sw: 'Shaba',
    deposit: 1_000n,
    bet: 5_000n,
    retainBet: 0n,
    upgrade: 0n,
    birthday: 50n,
    monthly: 0n,
    count: 3,
    amount: 50_000n,
  },
  {
    bn: 'সিলভার',
    en: 'Silver',
    sw: 'Fedha',
    deposit: 10_000n,
    bet: 50_000n,
    retainBet: 10_000n,
    upgrade: 100n,
    birthday: 100n,
    monthly: 20n,
    count: 5,
    amount: 100_000n,
  },
  {
    bn: 'গোল্ড',
    en: 'Gold',
    sw: 'Dhahabu',
    deposit: 50_000n,
    bet: 250_000n,
    retainBet: 50_000n,
    upgrade: 500n,
    birthday: 300n,
    monthly: 100n,
    count: 5,
    amount: 200_000n,
  },
  {
    bn: 'প্লাটিনাম',
    en: 'Platinum',
    sw: 'Platinamu',
    deposit: 200_000n,
    bet: 1_000_000n,
    retainBet: 200_000n,
    upgrade: 2_000n,
    birthday: 1_000n,
    monthly: 300n,
    count: 8,
    amount: 500_000n,
  },
  {
    bn: 'ডায়মন্ড',
    en: 'Diamond',
    sw: 'Almasi',
    deposit: 500_000n,
    bet: 3_000_000n,
    retainBet: 500_000n,
    upgrade: 5_000n,
    birthday: 2_000n,
    monthly: 800n,
    count: 10,
    amount: 1_000_000n,
  },
  {
    bn: 'ক্রাউন',
    en: 'Crown',
    sw: 'Taji',
    deposit: 2_000_000n,
    bet: 10_000_000n,
    retainBet: 1_500_000n,
    upgrade: 15_000n,
    birthday: 5_000n,
    monthly: 2_000n,
    count: 15,
    amount: 3_000_000n,
  },
];

/** The demo merchant's ladder (six levels); inserted only where the merchant has none of these ranks, so an operator's ladder is kept. */
export async function seedVip(db: DbOrTx): Promise<void> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true)).limit(1);
  if (!merchant) return;
  const merchantId = merchant.id;
  await db
    .insert(vipLevels)
    .values(
      DEFAULT_LADDER.map((level, index) => ({
        merchantId,
        rank: index + 1,
        names: { bn: level.bn, en: level.en, sw: level.sw },
        targetRule: 'AND' as const,
        upgradeDeposit: level.deposit * TAKA,
        upgradeValidBet: level.bet * TAKA,
        retainDeposit: 0n,
        retainValidBet: level.retainBet * TAKA,
        upgradeBonus: level.upgrade * TAKA,
        birthdayBonus: level.birthday * TAKA,
        monthlyBonus: level.monthly * TAKA,
        withdrawDailyCount: level.count,
        withdrawDailyAmount: level.amount * TAKA,
      })),
    )
    .onConflictDoNothing();
}

import { and, eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { type PromotionRewardRule, type PromotionText, promotions } from '../../db/schema/promotions';
import type { DbOrTx } from '../../platform/db';

const SEEDED_BY = 'seed';

interface DepositOffer {
  kind: 'FIRST_DEPOSIT' | 'RELOAD';
  title: PromotionText;
  body: PromotionText;
  reward: PromotionRewardRule;
  minDeposit: bigint;
  turnoverMultipleBp: number;
  maxBet: bigint;
  expiryDays: number;
  limitPeriod: 'NONE' | 'DAY';
  sortOrder: number;
}

/*
 * The demo's deposit offers, matching what the seeded banners and popups promise
 * (modules/messages/messages-content.ts: "70% first deposit bonus"). Slots count in full, live
 * casino and sports at a part, as real sites weigh low-edge games.
 */
const OFFERS: readonly DepositOffer[] = [
  {
    kind: 'FIRST_DEPOSIT',
    title: { BN: 'প্রথম ডিপোজিটে 70% বোনাস', EN: '70% first deposit bonus', SW: 'Bonasi ya 70% ya kuweka pesa mara ya kwanza' },
    body: {
      BN: 'আপনার প্রথম ডিপোজিটে 70% বোনাস, সর্বোচ্চ ৳7,000। বোনাস সাথে সাথে আপনার ওয়ালেটে যোগ হয়; উত্তোলনের আগে বোনাসের 10 গুণ বৈধ বাজি পূরণ করুন।',
      EN: 'Get 70% on your first deposit, up to ৳7,000. The bonus lands in your wallet at once; play 10 times the bonus in valid bets before withdrawing.',
      SW: 'Pata 70% kwenye amana yako ya kwanza, hadi ৳7,000. Bonasi inaingia kwenye pochi mara moja; cheza dau halali mara 10 ya bonasi kabla ya kutoa pesa.',
    },
    reward: { kind: 'PERCENT', percentBp: 7000, cap: '700000' },
    minDeposit: 10_000n,
    turnoverMultipleBp: 100_000,
    maxBet: 50_000n,
    expiryDays: 14,
    limitPeriod: 'NONE',
    sortOrder: 1,
  },
  {
    kind: 'RELOAD',
    title: { BN: 'দৈনিক রিলোড বোনাস 10%', EN: '10% daily reload bonus', SW: 'Bonasi ya kila siku ya 10% ya kuongeza pesa' },
    body: {
      BN: 'প্রতিদিনের প্রথম ডিপোজিটে (৳500 বা তার বেশি) 10% বোনাস, সর্বোচ্চ ৳1,000; উত্তোলনের আগে বোনাসের 5 গুণ বৈধ বাজি।',
      EN: 'Get 10% on your first deposit of the day (৳500 or more), up to ৳1,000; play 5 times the bonus in valid bets before withdrawing.',
      SW: 'Pata 10% kwenye amana yako ya kwanza ya siku (৳500 au zaidi), hadi ৳1,000; cheza dau halali mara 5 ya bonasi kabla ya kutoa pesa.',
    },
    reward: { kind: 'PERCENT', percentBp: 1000, cap: '100000' },
    minDeposit: 50_000n,
    turnoverMultipleBp: 50_000,
    maxBet: 50_000n,
    expiryDays: 7,
    limitPeriod: 'DAY',
    sortOrder: 2,
  },
];

/** Seeds the demo's live first-deposit and reload offers on the default merchant once (a second run adds nothing). */
export async function seedDemoDepositPromotions(db: DbOrTx, now = new Date()): Promise<void> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true)).limit(1);
  if (!merchant) return;
  for (const offer of OFFERS) {
    const [existing] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.merchantId, merchant.id), eq(promotions.kind, offer.kind), eq(promotions.createdBy, SEEDED_BY)))
      .limit(1);
    if (existing) continue;
    await db.insert(promotions).values({
      merchantId: merchant.id,
      kind: offer.kind,
      status: 'LIVE',
      title: offer.title,
      body: offer.body,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: null,
      audience: { kind: 'ALL' },
      claimMode: 'AUTOMATIC',
      reward: offer.reward,
      minDeposit: offer.minDeposit,
      turnoverMultipleBp: offer.turnoverMultipleBp,
      contributions: { RNG: 100, FISH: 100, LOTT: 50, ELOTT: 50, LIVE: 10, SPORTS: 20, ESPORTS: 20, '*': 100 },
      maxBet: offer.maxBet,
      expiryDays: offer.expiryDays,
      perMemberLimit: 1,
      limitPeriod: offer.limitPeriod,
      sortOrder: offer.sortOrder,
      createdBy: SEEDED_BY,
      updatedBy: SEEDED_BY,
    });
  }
}

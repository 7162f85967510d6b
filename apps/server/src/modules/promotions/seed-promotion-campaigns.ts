import { and, eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { type PromotionRewardRule, type PromotionText, promotions } from '../../db/schema/promotions';
import type { DbOrTx } from '../../platform/db';

/*
 * The demo's live promotion kinds, matching the seeded banners and popups (messages-content.ts):
 * the lucky red envelope up to ৳7,777 for a day's valid bets of ৳1,000, invite friends ৳377 each
 * up to ৳1,777 for a friend who deposits ৳300, a daily raffle and an activity to apply for. A
 * new demo member can take each one. Amounts in reward rules are minor units (poisha).
 */

const SEEDED_BY = 'seed:promotion-kinds';

interface SeededCampaign {
  kind: 'RED_ENVELOPE' | 'RAFFLE' | 'REFERRAL' | 'ACTIVITY';
  title: PromotionText;
  body: PromotionText;
  claimMode: 'AUTOMATIC' | 'CLAIM' | 'APPLICATION';
  reward: PromotionRewardRule;
  config: Record<string, unknown>;
  limitPeriod: 'NONE' | 'DAY';
  perMemberLimit: number;
  budget: bigint;
  sortOrder: number;
}

const CAMPAIGNS: SeededCampaign[] = [
  {
    kind: 'RED_ENVELOPE',
    title: { EN: 'Lucky red envelope up to ৳7,777', BN: 'লাকি লাল খাম ৳7,777 পর্যন্ত', SW: 'Bahasha nyekundu ya bahati hadi ৳7,777' },
    body: {
      EN: 'Open a lucky red envelope every day you place valid bets of ৳1,000 or more. Each envelope holds a random reward of up to ৳7,777, drawn provably fair: check every draw on the verify page.',
      BN: 'যেদিন ৳1,000 বা তার বেশি বৈধ বাজি ধরবেন, সেদিন একটি লাকি লাল খাম খুলুন। প্রতিটি খামে ৳7,777 পর্যন্ত এলোমেলো পুরস্কার, প্রমাণযোগ্যভাবে ন্যায্য ড্র: যাচাই পাতায় প্রতিটি ড্র মিলিয়ে দেখুন।',
      SW: 'Fungua bahasha nyekundu ya bahati kila siku unayoweka madau halali ya ৳1,000 au zaidi. Kila bahasha ina zawadi ya nasibu ya hadi ৳7,777, droo ya haki inayothibitishwa: angalia kila droo kwenye ukurasa wa uthibitisho.',
    },
    claimMode: 'CLAIM',
    reward: {
      kind: 'PRIZE_TABLE',
      prizes: [
        { amount: '777700', weight: 1, stockPerPeriod: 1 },
        { amount: '77700', weight: 19, stockPerPeriod: 5 },
        { amount: '7700', weight: 280, stockPerPeriod: 500 },
        { amount: '777', weight: 700, stockPerPeriod: null },
      ],
    },
    config: { tiers: [{ validBetAtLeast: '1000', chances: 1 }] },
    limitPeriod: 'DAY',
    perMemberLimit: 10,
    budget: 1_000_000_00n,
    sortOrder: 20,
  },
  {
    kind: 'REFERRAL',
    title: { EN: 'Invite friends, earn ৳377 each', BN: 'বন্ধুদের আমন্ত্রণ জানান, প্রতিজনে ৳377', SW: 'Alika marafiki, pata ৳377 kwa kila mmoja' },
    body: {
      EN: 'Share your referral link. When a friend registers and deposits ৳300 or more within 7 days, you receive ৳377. Invite rewards reach up to ৳1,777.',
      BN: 'আপনার রেফারেল লিংক শেয়ার করুন। বন্ধু নিবন্ধন করে 7 দিনের মধ্যে ৳300 বা তার বেশি ডিপোজিট করলে আপনি পাবেন ৳377। আমন্ত্রণ পুরস্কার ৳1,777 পর্যন্ত।',
      SW: 'Shiriki kiungo chako cha rufaa. Rafiki anapojisajili na kuweka pesa ৳300 au zaidi ndani ya siku 7, unapokea ৳377. Zawadi za mwaliko hufikia hadi ৳1,777.',
    },
    claimMode: 'AUTOMATIC',
    reward: { kind: 'FIXED', amount: '37700' },
    config: { cap: '1777', minDeposit: '300', minValidBet: '0', qualifyDays: 7 },
    limitPeriod: 'NONE',
    perMemberLimit: 5,
    budget: 500_000_00n,
    sortOrder: 30,
  },
  {
    kind: 'RAFFLE',
    title: {
      EN: 'Daily raffle: ৳77 for a ৳500 deposit',
      BN: 'দৈনিক র‍্যাফেল: ৳500 ডিপোজিটে ৳77',
      SW: 'Bahati nasibu ya kila siku: ৳77 kwa kuweka ৳500',
    },
    body: {
      EN: 'Deposit ৳500 or more today and claim ৳77, once a day.',
      BN: 'আজ ৳500 বা তার বেশি ডিপোজিট করুন এবং দিনে একবার ৳77 নিন।',
      SW: 'Weka pesa ৳500 au zaidi leo na udai ৳77, mara moja kwa siku.',
    },
    claimMode: 'CLAIM',
    reward: { kind: 'FIXED', amount: '7700' },
    config: { eligibility: { depositAtLeast: '500' } },
    limitPeriod: 'DAY',
    perMemberLimit: 1,
    budget: 100_000_00n,
    sortOrder: 40,
  },
  {
    kind: 'ACTIVITY',
    title: {
      EN: 'Share your big win, get up to ৳777',
      BN: 'আপনার বড় জয় শেয়ার করুন, পান ৳777 পর্যন্ত',
      SW: 'Shiriki ushindi wako mkubwa, pata hadi ৳777',
    },
    body: {
      EN: 'Apply with a screenshot of a win of ৳10,000 or more and a short comment. Our team reviews every application and credits up to ৳777.',
      BN: '৳10,000 বা তার বেশি জয়ের স্ক্রিনশট ও একটি ছোট মন্তব্য দিয়ে আবেদন করুন। আমাদের দল প্রতিটি আবেদন পর্যালোচনা করে ৳777 পর্যন্ত দেয়।',
      SW: 'Omba kwa picha ya skrini ya ushindi wa ৳10,000 au zaidi na maoni mafupi. Timu yetu hukagua kila ombi na kuweka hadi ৳777.',
    },
    claimMode: 'APPLICATION',
    reward: { kind: 'FIXED', amount: '7700' },
    config: { minAmount: '10', maxAmount: '777' },
    limitPeriod: 'NONE',
    perMemberLimit: 3,
    budget: 100_000_00n,
    sortOrder: 50,
  },
];

/** Seeds the demo's live red envelope, invite friends, raffle and activity once on the default merchant (a rerun adds nothing). */
export async function seedDemoPromotionCampaigns(db: DbOrTx, now = new Date()): Promise<void> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true)).limit(1);
  if (!merchant) return;
  const merchantId = merchant.id;
  for (const campaign of CAMPAIGNS) {
    const [existing] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(and(eq(promotions.merchantId, merchantId), eq(promotions.kind, campaign.kind), eq(promotions.createdBy, SEEDED_BY)))
      .limit(1);
    if (existing) continue;
    await db.insert(promotions).values({
      merchantId,
      kind: campaign.kind,
      status: 'LIVE',
      title: campaign.title,
      body: campaign.body,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: null,
      audience: { kind: 'ALL' },
      claimMode: campaign.claimMode,
      reward: campaign.reward,
      turnoverMultipleBp: 10_000,
      contributions: {},
      perMemberLimit: campaign.perMemberLimit,
      limitPeriod: campaign.limitPeriod,
      budget: campaign.budget,
      config: campaign.config,
      sortOrder: campaign.sortOrder,
      createdBy: SEEDED_BY,
      updatedBy: SEEDED_BY,
    });
  }
}

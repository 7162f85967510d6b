import type { PointsCategory } from '@kismat/contracts/points';
import { and, eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { pointsEntries, pointsExchangeRates, pointsMallItems, pointsSettings } from '../../db/schema/points';
import type { DbOrTx, Tx } from '../../platform/db';
import { inTransaction } from '../../platform/db';
import { postPointsEntry } from './post-points-entry';

/**
 * The default exchange rate table (minor units: 10000 = ৳100): 1 point per ৳100 of slots, live,
 * PVP, fish, esports or cockfight valid bet, per ৳50 of lottery, per ৳200 of sports, per ৳100
 * deposited. Inserted only when missing, so an operator's table is kept.
 */
const DEFAULT_RATES: readonly { category: PointsCategory; unitAmount: bigint; unitPoints: number }[] = [
  { category: 'DEPOSIT', unitAmount: 10_000n, unitPoints: 1 },
  { category: 'SLOTS', unitAmount: 10_000n, unitPoints: 1 },
  { category: 'LIVE', unitAmount: 10_000n, unitPoints: 1 },
  { category: 'LOTTERY', unitAmount: 5_000n, unitPoints: 1 },
  { category: 'PVP', unitAmount: 10_000n, unitPoints: 1 },
  { category: 'SPORTS', unitAmount: 20_000n, unitPoints: 1 },
  { category: 'FISH', unitAmount: 10_000n, unitPoints: 1 },
  { category: 'ESPORTS', unitAmount: 20_000n, unitPoints: 1 },
  { category: 'COCKFIGHT', unitAmount: 20_000n, unitPoints: 1 },
];

const RULES = {
  bn: 'ডিপোজিট ও বৈধ বাজিতে পয়েন্ট অর্জিত হয় (বিনিময় হার তালিকা দেখুন)। পয়েন্টের মেয়াদ শেষ হয় না। পুরস্কার রিডিম করলে পয়েন্ট সঙ্গে সঙ্গে কাটা হয় এবং অনুমোদনের পর পুরস্কার দেওয়া হয়; প্রত্যাখ্যাত হলে পয়েন্ট ফেরত আসে। নগদে রূপান্তরিত অর্থের উপর 1 গুণ টার্নওভার প্রযোজ্য।',
  en: 'Points are earned on deposits and valid bets (see the exchange rate table). Points never expire. Redeeming takes the points at once and the reward is given once approved; a rejected redemption returns the points. Cash converted from points carries a 1x turnover requirement.',
  sw: 'Pointi hupatikana kwa kuweka pesa na dau halali (tazama jedwali la viwango). Pointi haziishi muda. Ukikomboa, pointi hukatwa mara moja na zawadi hutolewa ikiidhinishwa; ombi likikataliwa pointi hurudishwa. Pesa iliyobadilishwa kutoka pointi ina sharti la mzunguko mara 1.',
};

/** Exchange rates and conversion settings every merchant starts with (idempotent). */
export async function seedPoints(tx: Tx, merchantId: number): Promise<void> {
  await tx
    .insert(pointsExchangeRates)
    .values(DEFAULT_RATES.map((rate) => ({ merchantId, ...rate })))
    .onConflictDoNothing();
  await tx
    .insert(pointsSettings)
    .values({ merchantId, conversionPoints: 100, conversionAmount: 100n, minConvertPoints: 100n, turnoverMultiplier: 1, rules: RULES })
    .onConflictDoNothing();
}

const DEMO_ITEMS = [
  {
    names: { bn: '৳100 ক্যাশ ভাউচার', en: '৳100 cash voucher', sw: 'Vocha ya pesa ৳100' },
    kind: 'CASH' as const,
    points: 120n,
    cashAmount: 10_000n,
    stock: 500,
    perMemberLimit: 5,
    image: 'voucher-100',
  },
  {
    names: { bn: '৳500 ক্যাশ ভাউচার', en: '৳500 cash voucher', sw: 'Vocha ya pesa ৳500' },
    kind: 'CASH' as const,
    points: 550n,
    cashAmount: 50_000n,
    stock: 200,
    perMemberLimit: 3,
    image: 'voucher-500',
  },
  {
    names: { bn: '৳1000 ক্যাশ ভাউচার', en: '৳1000 cash voucher', sw: 'Vocha ya pesa ৳1000' },
    kind: 'CASH' as const,
    points: 1_050n,
    cashAmount: 100_000n,
    stock: 100,
    perMemberLimit: 2,
    image: 'voucher-1000',
  },
  {
    names: { bn: 'ব্লুটুথ হেডফোন', en: 'Bluetooth headphones', sw: 'Vipokea sauti vya Bluetooth' },
    kind: 'GOODS' as const,
    points: 2_500n,
    cashAmount: 0n,
    stock: 20,
    perMemberLimit: 1,
    image: 'headphones',
  },
  {
    names: { bn: 'স্মার্ট ঘড়ি', en: 'Smart watch', sw: 'Saa janja' },
    kind: 'GOODS' as const,
    points: 6_000n,
    cashAmount: 0n,
    stock: 10,
    perMemberLimit: 1,
    image: 'smart-watch',
  },
];

/** Demo points: mall items (by English name, once) and a starting balance for the demo player so the mall can be tried. */
export async function seedDemoPoints(db: DbOrTx, demoPlayerId: number | null): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [merchant] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true)).limit(1);
    if (!merchant) return;
    const merchantId = merchant.id;
    const existing = await tx
      .select({ names: pointsMallItems.names })
      .from(pointsMallItems)
      .where(eq(pointsMallItems.merchantId, merchantId));
    const names = new Set(existing.map((row) => row.names.en));
    const missing = DEMO_ITEMS.filter((item) => !names.has(item.names.en));
    if (missing.length > 0) {
      await tx.insert(pointsMallItems).values(
        missing.map((item, index) => ({
          merchantId,
          names: item.names,
          imageUrl: `/images/points/${item.image}.svg`,
          kind: item.kind,
          points: item.points,
          cashAmount: item.cashAmount,
          stock: item.stock,
          perMemberLimit: item.perMemberLimit,
          sortOrder: index,
        })),
      );
    }
    if (demoPlayerId === null) return;
    const reference = `seed:demo-player:${demoPlayerId}`;
    const [granted] = await tx
      .select({ id: pointsEntries.id })
      .from(pointsEntries)
      .where(and(eq(pointsEntries.kind, 'ADJUST'), eq(pointsEntries.reference, reference)));
    if (!granted)
      await postPointsEntry(tx, { merchantId, memberId: demoPlayerId, delta: 3_000n, kind: 'ADJUST', reference, now: new Date() });
  });
}

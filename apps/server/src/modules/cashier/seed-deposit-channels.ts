import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { depositChannels, type LocalisedText } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';

interface ChannelSeed {
  code: string;
  kind: 'bank' | 'bkash' | 'nagad' | 'gateway';
  name: LocalisedText;
  instructions: LocalisedText;
  accountName: string | null;
  accountNumber: string | null;
  provider: string | null;
  minAmount: bigint;
  maxAmount: bigint;
  sortOrder: number;
}

const CHANNELS: readonly ChannelSeed[] = [
  {
    code: 'bkash',
    kind: 'bkash',
    name: { BN: 'বিকাশ', EN: 'bKash', SW: 'bKash' },
    instructions: {
      BN: 'নিচের নম্বরে "Send Money" করুন, তারপর TrxID লিখে সাবমিট করুন।',
      EN: 'Use "Send Money" to the number below, then submit the TrxID.',
      SW: 'Tumia "Send Money" kwa namba iliyo hapa chini, kisha wasilisha TrxID.',
    },
    accountName: 'Kismat Cashier',
    accountNumber: '01700000100',
    provider: null,
    minAmount: 20_000n,
    maxAmount: 2_500_000n,
    sortOrder: 1,
  },
  {
    code: 'nagad',
    kind: 'nagad',
    name: { BN: 'নগদ', EN: 'Nagad', SW: 'Nagad' },
    instructions: {
      BN: 'নিচের নম্বরে টাকা পাঠান, তারপর লেনদেন নম্বর লিখে সাবমিট করুন।',
      EN: 'Send the money to the number below, then submit the transaction ID.',
      SW: 'Tuma pesa kwa namba iliyo hapa chini, kisha wasilisha kitambulisho cha muamala.',
    },
    accountName: 'Kismat Cashier',
    accountNumber: '01800000200',
    provider: null,
    minAmount: 20_000n,
    maxAmount: 2_500_000n,
    sortOrder: 2,
  },
  {
    code: 'bank',
    kind: 'bank',
    name: { BN: 'ব্যাংক ট্রান্সফার', EN: 'Bank transfer', SW: 'Uhamisho wa benki' },
    instructions: {
      BN: 'নিচের অ্যাকাউন্টে ট্রান্সফার করুন এবং রেফারেন্স ও রসিদের ছবি দিন।',
      EN: 'Transfer to the account below and give the reference and a photo of the receipt.',
      SW: 'Hamisha kwenda akaunti iliyo hapa chini na utoe kumbukumbu na picha ya risiti.',
    },
    accountName: 'Kismat Ltd — Dutch-Bangla Bank',
    accountNumber: '1011100012345',
    provider: null,
    minAmount: 100_000n,
    maxAmount: 10_000_000n,
    sortOrder: 3,
  },
];

/**
 * The SANDBOX gateway's channel: test money, labelled so in every language. Only a demo started
 * on purpose has it (config PAYMENT_SANDBOX, which needs SEED_DEMO): its pay step lets a member
 * complete their own deposit, which on a real site would print money.
 */
const SANDBOX_CHANNEL: ChannelSeed = {
  code: 'sandbox',
  kind: 'gateway',
  name: {
    BN: 'অনলাইন পেমেন্ট — স্যান্ডবক্স (পরীক্ষার টাকা)',
    EN: 'Online payment — SANDBOX (test money)',
    SW: 'Malipo ya mtandaoni — SANDBOX (pesa za majaribio)',
  },
  instructions: {
    BN: 'ডেমো গেটওয়ে: পরীক্ষার টাকা, কোনো আসল টাকা লেনদেন হয় না।',
    EN: 'Demo gateway: test money, no real money moves.',
    SW: 'Lango la majaribio: pesa za majaribio, hakuna pesa halisi inayohamishwa.',
  },
  accountName: null,
  accountNumber: null,
  provider: 'sandbox',
  minAmount: 10_000n,
  maxAmount: 5_000_000n,
  sortOrder: 4,
};

/**
 * The default deposit channels of a merchant; idempotent, an operator's later edits are kept.
 * With `paymentSandbox` the sandbox channel is added, or enabled again after a start without it
 * (it follows the start setting, not the back office).
 */
export async function seedDepositChannels(
  db: DbOrTx,
  merchantId: number,
  options: { paymentSandbox: boolean } = { paymentSandbox: false },
): Promise<void> {
  await db
    .insert(depositChannels)
    .values(CHANNELS.map((channel) => ({ merchantId, ...channel, providerSettings: {} })))
    .onConflictDoNothing();
  if (!options.paymentSandbox) return;
  await db
    .insert(depositChannels)
    // Each install signs its sandbox callbacks with its own key.
    .values({ merchantId, ...SANDBOX_CHANNEL, providerSettings: { secret: randomBytes(32).toString('hex') } })
    .onConflictDoUpdate({
      target: [depositChannels.merchantId, depositChannels.code],
      set: { isEnabled: true, name: SANDBOX_CHANNEL.name, instructions: SANDBOX_CHANNEL.instructions },
      setWhere: sql`${depositChannels.provider} = 'sandbox'`,
    });
}

/**
 * A start without the sandbox disables every sandbox channel an earlier demo run left, on every
 * merchant, so no member can start a sandbox payment. Returns how many it disabled.
 */
export async function disableSandboxChannels(db: DbOrTx): Promise<number> {
  const disabled = await db
    .update(depositChannels)
    .set({ isEnabled: false })
    .where(and(eq(depositChannels.provider, 'sandbox'), eq(depositChannels.isEnabled, true)))
    .returning({ id: depositChannels.id });
  return disabled.length;
}

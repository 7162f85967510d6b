import { sql } from 'drizzle-orm';
import { depositChannels } from '../../../../db/schema/cashier';
import type { DbOrTx } from '../../../../platform/db';

/** Where the demo serves the LOCAL FAKE Nagad on this server (mount-fake-nagad.ts). */
export const FAKE_NAGAD_PREFIX = '/fake-nagad';

/**
 * The environment variables the Nagad channel names for its two PEM keys. In a demo with the
 * payment sandbox, mountFakeNagad fills them with keys made at start (the fake's); a real site sets
 * its own private key and Nagad's public key there (docs/payments.md "Nagad").
 */
export const NAGAD_DEMO_ENV = {
  merchantPrivateKeyEnv: 'NAGAD_MERCHANT_PRIVATE_KEY',
  nagadPublicKeyEnv: 'NAGAD_PUBLIC_KEY',
} as const;

/** Nagad's published sandbox merchant (its PHP sample's merchant id and wallet). */
export const NAGAD_DEMO_MERCHANT = { merchantId: '683002007104225', merchantNumber: '01711428036' } as const;

/**
 * The Nagad online channel of a Bangladeshi merchant (checkout deposits, disbursement payouts to a
 * bound "Nagad" account), idempotent. `fakeBaseUrl` (a demo with the payment sandbox): the channel
 * talks to the LOCAL FAKE this server mounts; without it, to Nagad's sandbox host. An operator's
 * later edits are kept, except that a demo start points a channel on the fake at its address.
 */
export async function seedNagadChannel(db: DbOrTx, merchantId: number, options: { fakeBaseUrl: string | null }): Promise<void> {
  const providerSettings: Record<string, string> = {
    mode: 'sandbox',
    ...NAGAD_DEMO_MERCHANT,
    ...NAGAD_DEMO_ENV,
    payouts: 'enabled',
    payoutBankName: 'Nagad',
    ...(options.fakeBaseUrl ? { baseUrl: `${options.fakeBaseUrl}${FAKE_NAGAD_PREFIX}`, isFake: 'true' } : {}),
  };
  await db
    .insert(depositChannels)
    .values({
      merchantId,
      code: 'nagad-online',
      kind: 'gateway',
      name: { BN: 'নগদ (অনলাইন)', EN: 'Nagad (online)', SW: 'Nagad (mtandaoni)' },
      instructions: {
        BN: 'নগদের পেমেন্ট পাতায় গিয়ে পিন দিয়ে পরিশোধ করুন; শেষে এখানে ফিরে আসবেন।',
        EN: 'Pay on Nagad’s payment page with your PIN; you come back here when done.',
        SW: 'Lipa kwenye ukurasa wa malipo wa Nagad kwa PIN yako; utarudi hapa ukimaliza.',
      },
      accountName: null,
      accountNumber: null,
      provider: 'nagad',
      providerSettings,
      // ৳100 to ৳25,000 a payment.
      minAmount: 10_000n,
      maxAmount: 2_500_000n,
      sortOrder: 2,
    })
    .onConflictDoUpdate({
      target: [depositChannels.merchantId, depositChannels.code],
      set: {
        providerSettings: sql`case when ${depositChannels.providerSettings} ->> 'isFake' = 'true' or excluded.provider_settings ->> 'isFake' = 'true' then excluded.provider_settings else ${depositChannels.providerSettings} end`,
      },
    });
}

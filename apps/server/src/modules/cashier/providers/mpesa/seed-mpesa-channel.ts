import { sql } from 'drizzle-orm';
import { depositChannels } from '../../../../db/schema/cashier';
import type { DbOrTx } from '../../../../platform/db';
import { FAKE_DARAJA_PREFIX } from './fake-daraja';

/**
 * The environment variables the demo's M-Pesa channel names (its `<credential>Env` settings). In a
 * demo, mountFakeDaraja fills them with the FAKE Daraja's credentials when they are unset; a real
 * site names its own variables holding Safaricom's values (docs/payments.md "M-Pesa").
 */
export const MPESA_DEMO_ENV = {
  consumerKeyEnv: 'MPESA_CONSUMER_KEY',
  consumerSecretEnv: 'MPESA_CONSUMER_SECRET',
  passkeyEnv: 'MPESA_PASSKEY',
  initiatorPasswordEnv: 'MPESA_INITIATOR_PASSWORD',
  certificateEnv: 'MPESA_CERTIFICATE',
  callbackSecretEnv: 'MPESA_CALLBACK_SECRET',
} as const;

/** Safaricom's published sandbox test shortcodes (Paybill 174379 with its public passkey, B2C 600981). */
const SANDBOX_SETTINGS = {
  mode: 'sandbox',
  shortCode: '174379',
  transactionType: 'CustomerPayBillOnline',
  b2cShortCode: '600981',
  initiatorName: 'testapi',
  // Withdrawals to a bound "M-Pesa" account are paid by B2C (provider-payout-queries.ts findPayoutChannel).
  payouts: 'enabled',
  payoutBankName: 'M-Pesa',
  ...MPESA_DEMO_ENV,
};

/**
 * The M-Pesa channel of a merchant (STK Push deposits, B2C payouts), idempotent. `fakeBaseUrl`
 * (a demo with the payment sandbox): the channel talks to the FAKE Daraja this server mounts;
 * without it the channel talks to Safaricom's sandbox host. An operator's later edits are kept,
 * except that a demo start points a channel that was on the fake at the fake's current address.
 */
export async function seedMpesaChannel(db: DbOrTx, merchantId: number, options: { fakeBaseUrl: string | null }): Promise<void> {
  const providerSettings: Record<string, string> = options.fakeBaseUrl
    ? {
        ...SANDBOX_SETTINGS,
        baseUrl: `${options.fakeBaseUrl}${FAKE_DARAJA_PREFIX}`,
        statementPath: '/org-portal/statement.csv',
        isFake: 'true',
      }
    : SANDBOX_SETTINGS;
  const insert = db.insert(depositChannels).values({
    merchantId,
    code: 'mpesa',
    kind: 'gateway',
    name: { BN: 'এম-পেসা', EN: 'M-Pesa', SW: 'M-Pesa' },
    instructions: {
      BN: 'আপনার ফোনে এম-পেসার অনুরোধ আসবে; নিশ্চিত করতে এম-পেসা পিন দিন।',
      EN: 'An M-Pesa prompt comes to your phone; enter your M-Pesa PIN to confirm.',
      SW: 'Ombi la M-Pesa litakuja kwenye simu yako; weka PIN yako ya M-Pesa kuthibitisha.',
    },
    accountName: null,
    accountNumber: null,
    provider: 'mpesa',
    providerSettings,
    // KSh 100 to KSh 150,000 (Daraja's STK Push takes whole shillings up to 250,000).
    minAmount: 10_000n,
    maxAmount: 15_000_000n,
    sortOrder: 1,
  });
  if (!options.fakeBaseUrl) {
    await insert.onConflictDoNothing();
    return;
  }
  // A channel on the fake (or on no host yet) follows the fake to this start's address.
  await insert.onConflictDoUpdate({
    target: [depositChannels.merchantId, depositChannels.code],
    set: { providerSettings },
    setWhere: sql`${depositChannels.provider} = 'mpesa' and (${depositChannels.providerSettings}->>'isFake' = 'true' or ${depositChannels.providerSettings}->>'baseUrl' is null)`,
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { depositChannels } from '../../../../db/schema/cashier';
import { merchants } from '../../../../db/schema/merchants';
import type { Db } from '../../../../platform/db';
import { FAKE_BKASH_PREFIX, FakeBkash } from './fake-bkash';

/**
 * The environment variables the demo's bKash (online) channel names. A demo with the payment
 * sandbox fills them with the FAKE bKash's credentials; a real site names its own variables
 * holding the values bKash issued (docs/payments.md "bKash").
 */
export const BKASH_DEMO_ENV = {
  usernameEnv: 'BKASH_USERNAME',
  passwordEnv: 'BKASH_PASSWORD',
  appKeyEnv: 'BKASH_APP_KEY',
  appSecretEnv: 'BKASH_APP_SECRET',
} as const;

/** The FAKE bKash's demo credentials: published like the demo accounts' passwords, worthless anywhere else. */
const DEMO_APP = {
  username: 'demo-bkash-user',
  password: 'Demo-bKash-Password-1',
  appKey: 'demo-bkash-app-key',
  appSecret: 'demo-bkash-app-secret',
};

/**
 * The default merchant's bKash (online) channel: Tokenized Checkout deposits and B2C payouts to
 * bound "bKash" accounts, talking to `baseUrl` (the FAKE bKash this demo server mounts). Idempotent:
 * a restart points it at the fake's current address and keeps an operator's other edits.
 */
export async function seedBkashOnlineChannel(db: Db, baseUrl: string): Promise<void> {
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true)).limit(1);
  if (!merchant) return;
  const providerSettings = { ...BKASH_DEMO_ENV, mode: 'sandbox', baseUrl, payouts: 'enabled', payoutBankName: 'bKash', isFake: 'true' };
  await db
    .insert(depositChannels)
    .values({
      merchantId: merchant.id,
      code: 'bkash_online',
      kind: 'gateway',
      name: { BN: 'বিকাশ পেমেন্ট', EN: 'bKash payment', SW: 'Malipo ya bKash' },
      instructions: {
        BN: 'বিকাশের পেজে আপনার বিকাশ নম্বর, যাচাই কোড ও পিন দিয়ে পেমেন্ট করুন; টাকা সাথে সাথে জমা হবে।',
        EN: 'Pay on bKash’s page with your bKash number, verification code and PIN; the money is credited at once.',
        SW: 'Lipa kwenye ukurasa wa bKash kwa nambari yako ya bKash, nambari ya uthibitisho na PIN; pesa zinawekwa papo hapo.',
      },
      provider: 'bkash',
      providerSettings,
      minAmount: 10_000n,
      maxAmount: 2_500_000n,
      // After the manual channels and the sandbox: the demo's fake checkout is an extra, not the first choice.
      sortOrder: 5,
    })
    .onConflictDoUpdate({
      target: [depositChannels.merchantId, depositChannels.code],
      set: { providerSettings: sql`${depositChannels.providerSettings} || ${JSON.stringify({ baseUrl })}::jsonb` },
      setWhere: and(eq(depositChannels.provider, 'bkash'), sql`${depositChannels.providerSettings}->>'isFake' = 'true'`),
    });
}

/**
 * A demo with the payment sandbox mounts the FAKE bKash at /fake-bkash on this server, puts its
 * credentials into the environment variables the demo channel names, and points that channel at
 * it. Outside such a demo none of this exists.
 */
export async function mountFakeBkash(app: FastifyInstance, env: Record<string, string | undefined> = process.env): Promise<FakeBkash> {
  const fake = new FakeBkash(DEMO_APP);
  env[BKASH_DEMO_ENV.usernameEnv] = DEMO_APP.username;
  env[BKASH_DEMO_ENV.passwordEnv] = DEMO_APP.password;
  env[BKASH_DEMO_ENV.appKeyEnv] = DEMO_APP.appKey;
  env[BKASH_DEMO_ENV.appSecretEnv] = DEMO_APP.appSecret;
  fake.register(app);
  await seedBkashOnlineChannel(app.db, `http://127.0.0.1:${app.config.PORT}${FAKE_BKASH_PREFIX}`);
  return fake;
}

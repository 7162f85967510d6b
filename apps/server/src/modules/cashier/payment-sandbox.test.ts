import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositChannels, depositRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import { seedDatabase } from '../../seed/seed';
import { buildTestApp, demoSiteConfig, freshDataDir, type TestApp } from '../../test/build-test-app';
import { channelOf, MemberSessions } from '../../test/cashier-acceptance-support';
import { createCrashHarness, envelopeOf } from '../../test/crash-harness';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { DEFAULT_MERCHANT_CODE } from '../system/index';
import { verifyLedger } from '../wallet/verify-ledger';
import { signSandboxBody } from './sandbox-gateway';
import { seedDepositChannels } from './seed-deposit-channels';

/*
 * Issue 11, finding 1: with NODE_ENV=production and SEED_DEMO off, the sandbox channel was
 * seeded on every start and POST /wps/v2/cashier/sandbox/pay let a member's own token credit
 * their deposit. A site without the demo has no sandbox: no channel, no pay call, no callback,
 * and a sandbox channel an earlier demo run left is disabled at start.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A sandbox channel as an earlier demo run left it, and a member's deposit already started on it. */
async function leftoverSandbox(t: TestApp, site: TestMerchant) {
  await seedDepositChannels(t.app.db, site.merchant.id, { paymentSandbox: true });
  return await channelOf(t.app.db, site.merchant.id, 'sandbox');
}

describe('a site without the demo (NODE_ENV=production, SEED_DEMO off)', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        NODE_ENV: 'production',
        SEED_DEMO: false,
        ALLOW_PLAIN_E_CALLS: true,
        DATA_DIR: freshDataDir('sandbox'),
      },
    });
    site = await createMerchant(t.app.db);
    client = new TestClient(t.app, site.host);
  }, 60_000);
  afterAll(async () => t?.close());

  it('seeds no sandbox channel', async () => {
    const sandboxes = await t.app.db.select().from(depositChannels).where(eq(depositChannels.provider, 'sandbox'));
    expect(sandboxes).toEqual([]);
    const manual = await t.app.db.select().from(depositChannels);
    expect(manual.map((row) => row.code).sort()).toEqual(['bank', 'bkash', 'nagad']);
  });

  it('disables a sandbox channel an earlier demo run left, and no member token can pay through it', async () => {
    const channel = await leftoverSandbox(t, site);
    const created = await createMember(t.app.db, site.merchant.id);
    const token = await client.login(created.member.username, created.password ?? '');
    // A deposit the member started while the demo ran, waiting for its pay step.
    const [pending] = await t.app.db
      .insert(depositRequests)
      .values({
        merchantId: site.merchant.id,
        memberId: created.member.id,
        channelId: channel.id,
        amount: 5_000_000n,
        idempotencyKey: `left-${uniqueSuffix(8)}`,
        requestHash: 'left-over',
        gatewayTransactionId: `sbx_left_${uniqueSuffix(8)}`,
      })
      .returning();
    if (!pending) throw new Error('no pending deposit');

    // The start of this site: the seed runs as main.ts runs it without SEED_DEMO.
    await seedDatabase(t.app.db, { demo: false });
    const [after] = await t.app.db.select().from(depositChannels).where(eq(depositChannels.id, channel.id));
    expect(after?.isEnabled).toBe(false);

    // Even re-enabled by hand, the row is neither offered nor usable.
    await t.app.db.update(depositChannels).set({ isEnabled: true }).where(eq(depositChannels.id, channel.id));
    const listed = await client.call('GET', CASHIER_PATHS.depositChannels, { token });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().value.map((row: { code: string }) => row.code)).not.toContain('sandbox');
    const started = await client.call('POST', CASHIER_PATHS.deposits, {
      token,
      body: { channelId: channel.id, amount: '50000.00', idempotencyKey: `k-${uniqueSuffix(12)}` },
    });
    expect(started.json().code).toBe('CHANNEL_UNAVAILABLE');

    // The attack of the finding: the member's own token completes the payment. Nothing is there to call.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const paid = await client.call('POST', CASHIER_PATHS.sandboxPay, { token, body: { depositId: pending.id, outcome: 'paid' } });
      expect(paid.statusCode).toBe(404);
    }
    // Nor does a callback signed with the leftover channel's own key credit anything.
    const rawBody = JSON.stringify({
      eventId: `e-${uniqueSuffix(8)}`,
      gatewayTransactionId: pending.gatewayTransactionId,
      depositId: pending.id,
      amount: '50000.00',
      status: 'paid',
    });
    const callback = await t.app.inject({
      method: 'POST',
      url: CASHIER_PATHS.sandboxCallback,
      payload: rawBody,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxBody(channel.providerSettings.secret ?? '', rawBody),
      },
    });
    expect(callback.statusCode).toBe(404);

    const [stillPending] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.id, pending.id));
    expect(stillPending?.status).toBe('pending');
    const balance = await client.call('GET', '/wps/v2/wallets/balance', { token });
    expect(balance.json().value.balance).toBe('0.00');
    expect((await verifyLedger(t.app.db)).ok).toBe(true);
  });
});

describe('the demo with the sandbox on (SEED_DEMO and PAYMENT_SANDBOX)', () => {
  let t: TestApp;
  let site: TestMerchant;
  let client: TestClient;

  beforeAll(async () => {
    t = await buildTestApp({
      config: demoSiteConfig('sandbox'),
    });
    site = await createMerchant(t.app.db);
    client = new TestClient(t.app, site.host);
  }, 60_000);
  afterAll(async () => t?.close());

  it('seeds the labelled channel again after a start without it, and its pay step credits once', async () => {
    await seedDepositChannels(t.app.db, site.merchant.id, { paymentSandbox: true });
    await t.app.db.update(depositChannels).set({ isEnabled: false }).where(eq(depositChannels.provider, 'sandbox'));
    await seedDepositChannels(t.app.db, site.merchant.id, { paymentSandbox: true });
    const created = await createMember(t.app.db, site.merchant.id);
    const token = await client.login(created.member.username, created.password ?? '');
    const listed = await client.call('GET', CASHIER_PATHS.depositChannels, { token });
    const sandbox = listed.json().value.find((row: { code: string }) => row.code === 'sandbox');
    expect(sandbox).toMatchObject({ isSandbox: true, name: 'Online payment — SANDBOX (test money)' });
    const deposit = await client.call('POST', CASHIER_PATHS.deposits, {
      token,
      body: { channelId: sandbox.id, amount: '150.00', idempotencyKey: `k-${uniqueSuffix(12)}` },
    });
    expect(deposit.json().value).toMatchObject({ isSandbox: true, status: 'pending' });
    const paid = await client.call('POST', CASHIER_PATHS.sandboxPay, {
      token,
      body: { depositId: deposit.json().value.id, outcome: 'paid' },
    });
    expect(paid.json().value.deposit).toMatchObject({ status: 'approved', isSandbox: true });
    expect((await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance).toBe('150.00');
  });
});

describe.skipIf(!onPostgres)('the real server started as a site, after a demo run on the same database', () => {
  it('disables the demo sandbox at start and answers 404 to the pay call', { timeout: 180_000 }, async () => {
    // NODE_ENV=production, SEED_DEMO off: the harness's defaults (test/crash-harness.ts).
    const harness = await createCrashHarness();
    try {
      const { db } = harness.database;
      await seedDatabase(db, { demo: true, paymentSandbox: true });
      const [demoSandbox] = await db.select().from(depositChannels).where(eq(depositChannels.provider, 'sandbox'));
      expect(demoSandbox?.isEnabled).toBe(true);
      const [merchant] = await db.select().from(merchants).where(eq(merchants.code, DEFAULT_MERCHANT_CODE));
      if (!merchant || !demoSandbox) throw new Error('no default merchant');
      const member = await createMember(db, merchant.id);

      await harness.start();
      const [after] = await db.select().from(depositChannels).where(eq(depositChannels.id, demoSandbox.id));
      expect(after?.isEnabled).toBe(false);
      const sessions = new MemberSessions({ request: (request) => harness.client.request(request) });
      const token = await sessions.token({ id: member.member.id, username: member.member.username, password: member.password ?? '' });
      const channels = envelopeOf<Array<{ code: string }>>(
        await harness.client.request({ method: 'GET', path: CASHIER_PATHS.depositChannels, token }),
      );
      expect(channels.value.map((row) => row.code)).toEqual(['bkash', 'nagad', 'bank']);
      const paid = await harness.client.request({
        method: 'POST',
        path: CASHIER_PATHS.sandboxPay,
        token,
        body: { depositId: 1, outcome: 'paid' },
      });
      expect(paid.status).toBe(404);
    } finally {
      await harness.close();
    }
  });
});

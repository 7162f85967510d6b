import fastifyFormbody from '@fastify/formbody';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../../../db/schema/accounts';
import { depositChannels, depositRequests, withdrawalRequests } from '../../../../db/schema/cashier';
import { providerPayouts } from '../../../../db/schema/payment-providers';
import type { TestApp } from '../../../../test/build-test-app';
import type { TestClient, TestMerchant } from '../../../../test/factories';
import { uniqueSuffix } from '../../../../test/factories';
import { applyProviderPayout } from '../../apply-provider-payout';
import { cashierKit, openCashierSite, PAY } from '../../cashier-test-kit';
import { expireOnlineDeposits } from '../../expire-online-deposits';
import { queryProviderDeposits } from '../../query-provider-deposits';
import { refundProviderDeposit } from '../../refund-provider-deposit';
import { clearBkashTokenCache } from './bkash-client';
import { FAKE_BKASH_OTP, FAKE_BKASH_PIN, FAKE_BKASH_PREFIX, FakeBkash } from './fake-bkash';

/*
 * Contract tests of the bKash adapter against the FAKE bKash (fake-bkash.ts, the published
 * request/response shapes) on a real server, real PostgreSQL and the real ledger check: the
 * member pays on the fake's checkout page over HTTP, the browser's return hits our callback route.
 */

const APP = {
  username: 'sandboxTokenizedUser02',
  password: 'sandboxTokenizedUser02@12345',
  appKey: `app-${uniqueSuffix(8)}`,
  appSecret: 'secret-of-the-fake',
};
const ENV = {
  usernameEnv: 'BKASH_TEST_USERNAME',
  passwordEnv: 'BKASH_TEST_PASSWORD',
  appKeyEnv: 'BKASH_TEST_APP_KEY',
  appSecretEnv: 'BKASH_TEST_APP_SECRET',
};

let t: TestApp;
let site: TestMerchant;
let client: TestClient;
let fakeServer: FastifyInstance;
let fake: FakeBkash;
let fakeBase: string;
let channelId: number;
const { expectLedgerOk, key, player, balanceOf, fundedPlayer, operator } = cashierKit(() => ({ t, site, client }));

beforeAll(async () => {
  ({ t, site, client } = await openCashierSite());
  fake = new FakeBkash(APP);
  fakeServer = Fastify();
  await fakeServer.register(fastifyFormbody);
  fake.register(fakeServer);
  await fakeServer.listen({ port: 0, host: '127.0.0.1' });
  const address = fakeServer.server.address();
  fakeBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.env.BKASH_TEST_USERNAME = APP.username;
  process.env.BKASH_TEST_PASSWORD = APP.password;
  process.env.BKASH_TEST_APP_KEY = APP.appKey;
  process.env.BKASH_TEST_APP_SECRET = APP.appSecret;
  process.env.BKASH_TEST_WRONG_PASSWORD = 'not-the-password';
  clearBkashTokenCache();
  const [row] = await t.app.db
    .insert(depositChannels)
    .values({
      merchantId: site.merchant.id,
      code: 'bkash_online',
      kind: 'gateway',
      name: { BN: 'বিকাশ (অনলাইন)', EN: 'bKash (online)', SW: 'bKash (mtandaoni)' },
      instructions: { BN: '', EN: '', SW: '' },
      provider: 'bkash',
      providerSettings: {
        ...ENV,
        mode: 'sandbox',
        baseUrl: `${fakeBase}${FAKE_BKASH_PREFIX}`,
        timeoutMs: '1500',
        payouts: 'enabled',
        payoutBankName: 'bKash',
      },
      minAmount: 10_000n,
      maxAmount: 2_500_000n,
    })
    .returning();
  channelId = row?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await fakeServer?.close();
  await t?.close();
});

async function startDeposit(token: string, amount = '500.00') {
  const created = await client.call('POST', '/wps/v2/cashier/deposits', { token, body: { channelId, amount, idempotencyKey: key() } });
  expect(created.statusCode, created.body).toBe(200);
  const value = created.json().value as { id: number; payUrl: string; status: string; provider: string };
  expect(value).toMatchObject({ status: 'pending', provider: 'bkash' });
  return value;
}

/** The member on the fake's checkout page over HTTP: wallet number, OTP, PIN. Returns where bKash sends the browser. */
async function payOnCheckoutPage(payUrl: string, wallet = '01770618575'): Promise<string> {
  const page = await fetch(payUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('FAKE bKash');
  const paymentId = new URL(payUrl).searchParams.get('paymentId') ?? '';
  const post = (step: string, form: Record<string, string>) =>
    fetch(`${fakeBase}${FAKE_BKASH_PREFIX}/checkout-page/${step}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
  expect(await (await post('wallet', { paymentId, value: wallet })).text()).toContain('OTP');
  expect(await (await post('otp', { paymentId, wallet, value: FAKE_BKASH_OTP })).text()).toContain('PIN');
  const done = await post('pin', { paymentId, wallet, value: FAKE_BKASH_PIN });
  expect(done.status).toBe(303);
  return done.headers.get('location') ?? '';
}

/** The browser following bKash's redirect to our callbackURL. */
async function browserReturn(location: string) {
  const url = new URL(location);
  expect(url.pathname).toBe('/payment-callback/bkash/deposit');
  const answer = await client.call('GET', `${url.pathname}${url.search}`);
  expect(answer.statusCode, answer.body).toBe(303);
  return answer.headers.location as string;
}

async function depositRow(id: number) {
  const [row] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.id, id));
  if (!row) throw new Error('no deposit');
  return row;
}

describe('bKash tokenized checkout against the FAKE bKash', () => {
  it('offers the channel, sends the member to the checkout page, executes on return and credits once; the token is cached', async () => {
    const member = await player();
    const channels = await client.call('GET', '/wps/v2/cashier/deposit/channels', { token: member.token });
    expect(channels.json().value.find((row: { id: number }) => row.id === channelId)).toMatchObject({ provider: 'bkash', kind: 'gateway' });
    const grantsBefore = fake.calls.filter((call) => call.endsWith('/token/grant')).length;
    const deposit = await startDeposit(member.token);
    expect(deposit.payUrl).toMatch(new RegExp(`^${fakeBase}${FAKE_BKASH_PREFIX}/checkout-page\\?paymentId=TR0011`));
    const payment = [...fake.payments.values()].find((row) => row.merchantInvoiceNumber === `KD${deposit.id}`);
    expect(payment).toMatchObject({ amount: '500.00', currency: 'BDT', status: 'Initiated' });
    expect(payment?.callbackURL).toBe(`http://${site.host}/payment-callback/bkash/deposit`);

    const location = await payOnCheckoutPage(deposit.payUrl);
    expect(location).toContain('status=success');
    expect(await balanceOf(member.token)).toBe('0.00');
    expect(await browserReturn(location)).toBe(`/member?page=depositv2&depositResult=${deposit.id}`);

    const row = await depositRow(deposit.id);
    expect(row).toMatchObject({ status: 'approved', providerTransactionId: payment?.trxID, reviewedBy: 'gateway:bkash' });
    expect(await balanceOf(member.token)).toBe('500.00');
    // A second deposit reuses the cached id_token: no new grant.
    const second = await startDeposit((await player()).token, '120.00');
    expect(second.payUrl).toContain('paymentId=');
    expect(fake.calls.filter((call) => call.endsWith('/token/grant')).length - grantsBefore).toBeLessThanOrEqual(1);
    await expectLedgerOk();
  });

  it('duplicate and out-of-order callbacks credit once: success twice, then a cancel link after the payment', async () => {
    const member = await player();
    const deposit = await startDeposit(member.token, '300.00');
    const location = await payOnCheckoutPage(deposit.payUrl);
    await Promise.all([browserReturn(location), browserReturn(location)]);
    await browserReturn(location);
    await browserReturn(location.replace('status=success', 'status=cancel'));
    expect((await depositRow(deposit.id)).status).toBe('approved');
    expect(await balanceOf(member.token)).toBe('300.00');
    await expectLedgerOk();
  });

  it("a failure first, then the payment: the order fails, then bKash's Completed credits it", async () => {
    const member = await player();
    const deposit = await startDeposit(member.token, '150.00');
    const paymentId = new URL(deposit.payUrl).searchParams.get('paymentId') ?? '';
    // The failure link arrives first (out of order): bKash still says Initiated, so the order fails.
    await browserReturn(`http://${site.host}/payment-callback/bkash/deposit?paymentID=${paymentId}&status=failure`);
    expect((await depositRow(deposit.id)).status).toBe('failed');
    const location = await payOnCheckoutPage(deposit.payUrl);
    await browserReturn(location);
    expect((await depositRow(deposit.id)).status).toBe('approved');
    expect(await balanceOf(member.token)).toBe('150.00');
    await expectLedgerOk();
  });

  it('refuses what bKash did not confirm: an unknown payment, a forged success before paying, a cancel', async () => {
    const member = await player();
    const unknown = await browserReturn(`http://${site.host}/payment-callback/bkash/deposit?paymentID=TR0011UNKNOWN01&status=success`);
    expect(unknown).toBe('/member?page=depositv2&depositResult=0');
    const deposit = await startDeposit(member.token, '200.00');
    const paymentId = new URL(deposit.payUrl).searchParams.get('paymentId') ?? '';
    // The member types the success URL by hand: Execute answers 2056 (not authorised), the query says Initiated.
    await browserReturn(`http://${site.host}/payment-callback/bkash/deposit?paymentID=${paymentId}&status=success`);
    expect((await depositRow(deposit.id)).status).toBe('pending');
    const malformed = await client.call('GET', `/payment-callback/bkash/deposit?paymentID=${paymentId}&status=paid`);
    expect(malformed.headers.location).toBe('/member?page=depositv2&depositResult=0');
    // The member closes bKash's page: cancel, confirmed by the query.
    const cancel = await fetch(`${fakeBase}${FAKE_BKASH_PREFIX}/checkout-page/cancel`, {
      method: 'POST',
      body: new URLSearchParams({ paymentId, value: '' }),
      redirect: 'manual',
    });
    await browserReturn(cancel.headers.get('location') ?? '');
    const row = await depositRow(deposit.id);
    expect(row).toMatchObject({ status: 'failed', reviewNote: 'cancel' });
    // The member reads why, in their language (bKash's outcome mapped by bkash-messages.ts).
    const listed = await client.call('GET', '/wps/v2/cashier/deposits', { token: member.token, headers: { language: 'BN' } });
    const shown = listed.json().value.find((item: { id: number }) => item.id === deposit.id);
    expect(shown).toMatchObject({ status: 'failed', provider: 'bkash', failureMessage: 'আপনি পেমেন্ট বাতিল করেছেন।' });
    expect(await balanceOf(member.token)).toBe('0.00');
    await expectLedgerOk();
  });

  it("a wallet without enough balance: Execute answers 2023 and the order fails with bKash's reason in the member's language", async () => {
    const member = await player();
    const deposit = await startDeposit(member.token, '300.00');
    const paymentId = new URL(deposit.payUrl).searchParams.get('paymentId') ?? '';
    const payment = fake.payments.get(paymentId);
    if (!payment) throw new Error('no fake payment');
    // Authorised on the page, then the wallet is emptied before Execute (bKash checks at Execute).
    fake.wallets.set('01929918378', 1000);
    await browserReturn(await payOnCheckoutPage(deposit.payUrl, '01929918378'));
    expect((await depositRow(deposit.id)).status).toBe('approved');
    const second = await startDeposit(member.token, '300.00');
    const location = await payOnCheckoutPage(second.payUrl, '01929918378');
    fake.wallets.set('01929918378', 5);
    await browserReturn(location);
    expect(await depositRow(second.id)).toMatchObject({ status: 'failed', reviewNote: '2023' });
    const listed = await client.call('GET', '/wps/v2/cashier/deposits', { token: member.token, headers: { language: 'SW' } });
    expect(listed.json().value.find((item: { id: number }) => item.id === second.id)?.failureMessage).toBe(
      'Akaunti yako ya bKash haina salio la kutosha.',
    );
    expect(await balanceOf(member.token)).toBe('300.00');
    await expectLedgerOk();
  });

  it('refused credentials: a channel whose password bKash refuses cannot start a payment (BN message), nothing is credited', async () => {
    const [wrong] = await t.app.db
      .insert(depositChannels)
      .values({
        merchantId: site.merchant.id,
        code: `bkash_wrong_${uniqueSuffix(4)}`,
        kind: 'gateway',
        name: { BN: 'বিকাশ', EN: 'bKash', SW: 'bKash' },
        instructions: { BN: '', EN: '', SW: '' },
        provider: 'bkash',
        providerSettings: { ...ENV, passwordEnv: 'BKASH_TEST_WRONG_PASSWORD', baseUrl: `${fakeBase}${FAKE_BKASH_PREFIX}` },
        minAmount: 10_000n,
        maxAmount: 2_500_000n,
      })
      .returning();
    const member = await player();
    const refused = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      headers: { language: 'BN' },
      body: { channelId: wrong?.id, amount: '500.00', idempotencyKey: key() },
    });
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    expect(refused.json().message).toContain('পেমেন্ট');
    // A channel naming an env variable this server does not have is not even offered.
    await t.app.db
      .update(depositChannels)
      .set({ providerSettings: { ...ENV, appKeyEnv: 'BKASH_TEST_NOT_SET', baseUrl: `${fakeBase}${FAKE_BKASH_PREFIX}` } })
      .where(eq(depositChannels.id, wrong?.id ?? 0));
    const channels = await client.call('GET', '/wps/v2/cashier/deposit/channels', { token: member.token });
    expect(channels.json().value.map((row: { id: number }) => row.id)).not.toContain(wrong?.id);
    expect(await balanceOf(member.token)).toBe('0.00');
  });

  it('timeout then status query: Execute answers too late, the order stays pending, the sweep finds it Completed and credits once', async () => {
    const member = await player();
    const deposit = await startDeposit(member.token, '700.00');
    const location = await payOnCheckoutPage(deposit.payUrl);
    fake.stallNext('/tokenized/checkout/execute', 2_500);
    await browserReturn(location);
    expect((await depositRow(deposit.id)).status).toBe('pending');
    expect(await balanceOf(member.token)).toBe('0.00');
    const later = new Date(Date.now() + 5 * 60_000);
    const deps = { db: t.app.db, realtime: t.app.realtime, now: later };
    const [first, second] = await Promise.all([queryProviderDeposits(deps), queryProviderDeposits(deps)]);
    expect((first?.settled ?? 0) + (second?.settled ?? 0)).toBe(1);
    expect(await depositRow(deposit.id)).toMatchObject({ status: 'approved' });
    expect(await balanceOf(member.token)).toBe('700.00');
    await expectLedgerOk();
  });

  it('a late return after the order expired is still credited, marked paid after expiry', async () => {
    const member = await player();
    const deposit = await startDeposit(member.token, '250.00');
    const row = await depositRow(deposit.id);
    await expireOnlineDeposits(t.app.db, new Date((row.expiresAt?.getTime() ?? 0) + 1000));
    expect((await depositRow(deposit.id)).status).toBe('expired');
    await browserReturn(await payOnCheckoutPage(deposit.payUrl));
    expect(await depositRow(deposit.id)).toMatchObject({ status: 'approved', paidAfter: 'expired' });
    expect(await balanceOf(member.token)).toBe('250.00');
    await expectLedgerOk();
  });

  it("refund: the member's cash goes back to the clearing account and bKash returns the money once", async () => {
    const member = await player();
    const deposit = await startDeposit(member.token, '400.00');
    await browserReturn(await payOnCheckoutPage(deposit.payUrl, '01619777282'));
    expect(await balanceOf(member.token)).toBe('400.00');
    const walletBefore = fake.wallets.get('01619777282') ?? 0;
    const deps = { db: t.app.db, now: new Date() };
    const input = { depositId: deposit.id, merchantId: site.merchant.id, reason: 'member asked', refundedBy: 'operator:test' };
    const refunded = await refundProviderDeposit(deps, input);
    expect(refunded.refundTransactionId).toMatch(/^[0-9A-F]{10}$/);
    const again = await refundProviderDeposit(deps, input);
    expect(again.refundTransactionId).toBe(refunded.refundTransactionId);
    expect(fake.wallets.get('01619777282')).toBe(walletBefore + 400);
    expect(await balanceOf(member.token)).toBe('0.00');
    await expectLedgerOk();
  });
});

describe('bKash B2C payouts of approved withdrawals', () => {
  async function withdrawTo(wallet: string, amount: string) {
    const member = await fundedPlayer('1000.00');
    const [bank] = await t.app.db
      .insert(bankAccounts)
      .values({
        memberId: member.member.id,
        merchantId: site.merchant.id,
        accountName: 'Rahim',
        accountNumber: wallet,
        bankName: 'bKash',
        confirmedAt: new Date(),
      })
      .returning();
    const created = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId: bank?.id, amount, paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as number;
    const approved = await operator('POST', `/admin-api/cashier/withdrawals/${id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const [payout] = await t.app.db.select().from(providerPayouts).where(eq(providerPayouts.withdrawalId, id));
    if (!payout) throw new Error('no payout recorded');
    return { member, id, payout };
  }

  it("pays an approved withdrawal to the member's bKash wallet: paid, received, once", async () => {
    const wallet = `017${String(Date.now()).slice(-8)}`;
    fake.wallets.set(wallet, 0);
    const { member, id, payout } = await withdrawTo(wallet, '400.00');
    expect(payout).toMatchObject({ status: 'paid', provider: 'bkash', receiver: wallet });
    expect(fake.b2c.filter((row) => row.merchantInvoiceNumber === `KP${payout.id}`)).toHaveLength(1);
    expect(fake.wallets.get(wallet)).toBe(400);
    const [withdrawal] = await t.app.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, id));
    expect(withdrawal).toMatchObject({ status: 'approved', confirmation: 'received', receivedAmount: 40_000n });
    expect(await balanceOf(member.token)).toBe('600.00');
    // Approving again replays: no second payout.
    await operator('POST', `/admin-api/cashier/withdrawals/${id}/approve`, {});
    expect(fake.b2c.filter((row) => row.merchantInvoiceNumber === `KP${payout.id}`)).toHaveLength(1);
    await expectLedgerOk();
  });

  it('a payout bKash refuses (no such wallet) gives the money back exactly once', async () => {
    const wallet = `019${String(Date.now()).slice(-8)}`;
    const { member, id, payout } = await withdrawTo(wallet, '300.00');
    expect(payout).toMatchObject({ status: 'failed', failureCode: '2045' });
    expect(payout.reversalTransferId).not.toBeNull();
    expect(await balanceOf(member.token)).toBe('1000.00');
    // The same failure seen again (a retry, the sweep) reverses nothing more.
    const replay = await applyProviderPayout(
      { db: t.app.db, realtime: t.app.realtime, now: new Date() },
      { payoutId: payout.id, status: { providerPayoutId: null, status: 'failed', failureCode: '2045', eventId: 'again' } },
    );
    expect(replay.isReplay).toBe(true);
    const paidLate = await applyProviderPayout(
      { db: t.app.db, realtime: t.app.realtime, now: new Date() },
      { payoutId: payout.id, status: { providerPayoutId: 'X1', status: 'paid', eventId: 'late' } },
    );
    expect(paidLate.payout.status).toBe('failed');
    expect(await balanceOf(member.token)).toBe('1000.00');
    const [withdrawal] = await t.app.db
      .select()
      .from(withdrawalRequests)
      .where(and(eq(withdrawalRequests.id, id), eq(withdrawalRequests.memberId, member.member.id)));
    expect(withdrawal?.confirmation).toBeNull();
    await expectLedgerOk();
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, members } from '../../../../db/schema/accounts';
import { depositChannels, depositRequests, withdrawalRequests } from '../../../../db/schema/cashier';
import { providerPayouts } from '../../../../db/schema/payment-providers';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { createMember, latestOutboxCode, plantCaptcha, TestClient, uniqueIp, uniqueSuffix } from '../../../../test/factories';
import { withoutDepositTurnover } from '../../../../test/promotions-test-kit';
import { EAST_AFRICA_DOMAIN, seedEastAfricaMerchant } from '../../../system/index';
import { verifyLedger } from '../../../wallet/verify-ledger';
import { providerConfigOf } from '../../provider-deposit-queries';
import { queryProviderDeposits } from '../../query-provider-deposits';
import { queryProviderPayouts } from '../../query-provider-payouts';
import { refundProviderDeposit } from '../../refund-provider-deposit';
import type { Fetch } from './daraja-client';
import { FAKE_DARAJA_PIN, FakeDaraja } from './fake-daraja';
import { mpesaProvider, useDarajaHttp } from './mpesa-provider';
import { MPESA_DEMO_ENV, seedMpesaChannel } from './seed-mpesa-channel';

/*
 * M-Pesa through the whole cashier on PostgreSQL, against the FAKE Daraja: the KISMAT-KE member
 * deposits by STK Push and withdraws by B2C. Duplicates, out-of-order and lost callbacks, late
 * payment after expiry, cancellation, a payout that fails (the money comes back once) and one whose
 * result timed out (Transaction Status settles it). After each: the ledger verifies.
 */

const OPERATOR_TOKEN = 'operator-token-for-mpesa-tests';
const PAY = 'Pay@2025x';
const APP = {
  consumerKey: 'test-consumer-key',
  consumerSecret: 'test-consumer-secret',
  shortCode: '174379',
  passkey: 'test-passkey',
  initiatorName: 'testapi',
  initiatorPassword: 'Initiator-Test-1',
};

let t: TestApp;
let fakeServer: FastifyInstance;
let fake: FakeDaraja;
let client: TestClient;
let merchantId: number;
const savedEnv: Record<string, string | undefined> = {};

/** Daraja's calls go to the fake; the fake's callbacks come to the app, as Safaricom's would. */
const http: Fetch = async (url, init) => {
  const target = new URL(url);
  const reply = await fakeServer.inject({
    method: init.method as 'GET' | 'POST',
    url: `${target.pathname}${target.search}`,
    headers: init.headers,
    ...(init.body ? { payload: init.body } : {}),
  });
  return { status: reply.statusCode, text: async () => reply.body };
};

const replies: Array<{ url: string; status: number; body: string }> = [];
async function deliver(url: string, body: unknown): Promise<void> {
  const target = new URL(url);
  const reply = await t.app.inject({
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    headers: { host: target.host, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  replies.push({ url, status: reply.statusCode, body: reply.body });
}

const key = () => `k-${uniqueSuffix(12)}`;
const operator = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  client.call(method, url, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, ...(body !== undefined ? { body } : {}) });

async function expectLedgerOk() {
  const verdict = await verifyLedger(t.app.db);
  expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
}

async function kenyan() {
  const national = `7${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const created = await createMember(t.app.db, merchantId, { paymentPassword: PAY, mobile: { dialingCode: '+254', national } });
  const token = await client.login(created.member.username, created.password ?? '');
  return { ...created, token, msisdn: `254${national}` };
}

async function channelId(): Promise<number> {
  const [row] = await t.app.db
    .select({ id: depositChannels.id })
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, merchantId), eq(depositChannels.code, 'mpesa')));
  if (!row) throw new Error('no mpesa channel');
  return row.id;
}

async function balanceOf(token: string): Promise<string> {
  const response = await client.call('GET', '/wps/v2/wallets/balance', { token });
  return response.json().value.balance as string;
}

async function deposit(member: { token: string }, amount: string) {
  const response = await client.call('POST', '/wps/v2/cashier/deposits', {
    token: member.token,
    body: { channelId: await channelId(), amount, idempotencyKey: key() },
  });
  expect(response.statusCode, response.body).toBe(200);
  const value = response.json().value as { id: number; status: string };
  const [row] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.id, value.id));
  if (!row?.gatewayTransactionId) throw new Error('no CheckoutRequestID');
  return { id: value.id, checkoutRequestId: row.gatewayTransactionId, value };
}

async function depositRow(id: number) {
  const [row] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.id, id));
  if (!row) throw new Error('deposit missing');
  return row;
}

async function funded(amount: string) {
  const member = await kenyan();
  const started = await deposit(member, amount);
  await fake.respond(started.checkoutRequestId, { action: 'accept', pin: FAKE_DARAJA_PIN });
  expect(await balanceOf(member.token)).toBe(amount);
  return member;
}

async function withdraw(member: Awaited<ReturnType<typeof kenyan>>, amount: string) {
  const [bank] = await t.app.db
    .insert(bankAccounts)
    .values({
      memberId: member.member.id,
      merchantId,
      accountName: 'Amani Otieno',
      accountNumber: `0${member.msisdn.slice(3)}`,
      bankName: 'M-Pesa',
      confirmedAt: new Date(),
    })
    .returning();
  if (!bank) throw new Error('bank insert');
  const created = await client.call('POST', '/wps/v2/cashier/withdrawals', {
    token: member.token,
    body: { bankAccountId: bank.id, amount, paymentPassword: PAY, idempotencyKey: key() },
  });
  expect(created.statusCode, created.body).toBe(200);
  const withdrawalId = created.json().value.id as number;
  const approved = await operator('POST', `/admin-api/cashier/withdrawals/${withdrawalId}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const [payout] = await t.app.db.select().from(providerPayouts).where(eq(providerPayouts.withdrawalId, withdrawalId));
  if (!payout) throw new Error('no payout recorded');
  return { withdrawalId, payout };
}

async function payoutRow(withdrawalId: number) {
  const [row] = await t.app.db.select().from(providerPayouts).where(eq(providerPayouts.withdrawalId, withdrawalId));
  if (!row) throw new Error('payout missing');
  return row;
}

beforeAll(async () => {
  t = await buildTestApp({ config: { OPERATOR_TOKEN, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kismat-mpesa-')) } });
  fake = new FakeDaraja(APP, deliver);
  fakeServer = Fastify();
  fake.register(fakeServer);
  await fakeServer.ready();
  useDarajaHttp(http);
  const values: Record<string, string> = {
    [MPESA_DEMO_ENV.consumerKeyEnv]: APP.consumerKey,
    [MPESA_DEMO_ENV.consumerSecretEnv]: APP.consumerSecret,
    [MPESA_DEMO_ENV.passkeyEnv]: APP.passkey,
    [MPESA_DEMO_ENV.initiatorPasswordEnv]: APP.initiatorPassword,
    [MPESA_DEMO_ENV.certificateEnv]: fake.certificatePem,
    [MPESA_DEMO_ENV.callbackSecretEnv]: 'a-test-callback-secret-long-enough',
  };
  for (const [name, value] of Object.entries(values)) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  merchantId = await t.app.db.transaction((tx) => seedEastAfricaMerchant(tx));
  await seedMpesaChannel(t.app.db, merchantId, { fakeBaseUrl: 'http://fake-daraja.test' });
  await withoutDepositTurnover(t.app.db, merchantId);
  client = new TestClient(t.app, EAST_AFRICA_DOMAIN, 'SW');
}, 60_000);

afterAll(async () => {
  useDarajaHttp(null);
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await fakeServer?.close();
  await t?.close();
});

describe('M-Pesa deposits (STK Push) on the KISMAT-KE site', () => {
  it('prompts the member’s phone, credits once on the callback, and a duplicate callback moves nothing', async () => {
    const member = await kenyan();
    const started = await deposit(member, '500.00');
    expect(started.value.status).toBe('pending');
    expect(fake.prompts.get(started.checkoutRequestId)).toMatchObject({ amount: 500, phone: member.msisdn });
    await fake.respond(started.checkoutRequestId, { action: 'accept', pin: FAKE_DARAJA_PIN, deliveries: 3 });
    expect(replies.slice(-3).map((reply) => [reply.status, JSON.parse(reply.body).ResultCode])).toEqual([
      [200, 0],
      [200, 0],
      [200, 0],
    ]);
    const row = await depositRow(started.id);
    expect(row.status).toBe('approved');
    expect(row.providerTransactionId).toBe(fake.prompts.get(started.checkoutRequestId)?.receipt);
    expect(await balanceOf(member.token)).toBe('500.00');
    await expectLedgerOk();
  });

  it('out of order: a "cancelled" arriving after the payment changes nothing (the STK query says paid)', async () => {
    const member = await funded('300.00');
    const [row] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.memberId, member.member.id));
    if (!row?.gatewayTransactionId) throw new Error('no deposit');
    const prompt = fake.prompts.get(row.gatewayTransactionId);
    if (!prompt) throw new Error('no prompt');
    const late = fake.stkCallbackOf({ ...prompt, resultCode: 1032, resultDesc: 'Request cancelled by user' });
    await deliver(prompt.callbackUrl, late);
    expect((await depositRow(row.id)).status).toBe('approved');
    expect(await balanceOf(member.token)).toBe('300.00');
    await expectLedgerOk();
  });

  it('cancelled by the user (1032) or no funds (1): the order fails and nothing is credited', async () => {
    const member = await kenyan();
    const cancelled = await deposit(member, '200.00');
    await fake.respond(cancelled.checkoutRequestId, { action: 'cancel' });
    expect((await depositRow(cancelled.id)).status).toBe('failed');
    const poor = await deposit(member, '250.00');
    await fake.respond(poor.checkoutRequestId, { action: 'insufficient' });
    expect((await depositRow(poor.id)).status).toBe('failed');
    expect(await balanceOf(member.token)).toBe('0.00');
    await expectLedgerOk();
  });

  it('refuses a callback for an unknown CheckoutRequestID, and a forged "paid" for a prompt still on the phone', async () => {
    const member = await kenyan();
    const started = await deposit(member, '400.00');
    const prompt = fake.prompts.get(started.checkoutRequestId);
    if (!prompt) throw new Error('no prompt');
    const forged = fake.stkCallbackOf({ ...prompt, resultCode: 0, resultDesc: 'ok', receipt: 'FORGED0001', completedAt: new Date() });
    await deliver(prompt.callbackUrl, forged);
    const unknown = fake.stkCallbackOf({
      ...prompt,
      checkoutRequestId: 'ws_CO_000000000000000000',
      resultCode: 0,
      receipt: 'FORGED0002',
      completedAt: new Date(),
    });
    await deliver(prompt.callbackUrl, unknown);
    expect(JSON.parse(replies.at(-1)?.body ?? '{}').ResultCode).toBe(1);
    expect((await depositRow(started.id)).status).toBe('pending');
    expect(await balanceOf(member.token)).toBe('0.00');
    await expectLedgerOk();
  });

  it('a lost callback: the status sweep asks Daraja (STK query) and credits once', async () => {
    const member = await kenyan();
    const started = await deposit(member, '700.00');
    await fake.respond(started.checkoutRequestId, { action: 'accept', pin: FAKE_DARAJA_PIN, deliveries: 0 });
    expect((await depositRow(started.id)).status).toBe('pending');
    const deps = { db: t.app.db, realtime: t.app.realtime, now: new Date() };
    const first = await queryProviderDeposits(deps, { olderThanMinutes: 0 });
    expect(first.settled).toBeGreaterThanOrEqual(1);
    expect((await depositRow(started.id)).status).toBe('approved');
    // The callback finally comes, after the sweep: a replay.
    const prompt = fake.prompts.get(started.checkoutRequestId);
    if (!prompt) throw new Error('no prompt');
    await deliver(prompt.callbackUrl, fake.stkCallbackOf(prompt));
    expect(await balanceOf(member.token)).toBe('700.00');
    await expectLedgerOk();
  });

  it('a late payment after the order expired is credited, marked paid after expiry', async () => {
    const member = await kenyan();
    const started = await deposit(member, '150.00');
    await t.app.db.update(depositRequests).set({ status: 'expired', resolvedAt: new Date() }).where(eq(depositRequests.id, started.id));
    await fake.respond(started.checkoutRequestId, { action: 'accept', pin: FAKE_DARAJA_PIN });
    const row = await depositRow(started.id);
    expect([row.status, row.paidAfter]).toEqual(['approved', 'expired']);
    expect(await balanceOf(member.token)).toBe('150.00');
    await expectLedgerOk();
  });

  it('refuses cents (Daraja takes whole shillings): no prompt, no money', async () => {
    const member = await kenyan();
    const response = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: await channelId(), amount: '100.50', idempotencyKey: key() },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toMatchObject({ success: false, value: { provider: 'mpesa', code: 'amount_not_whole' } });
    // Nothing reached Daraja: no prompt for this member's phone.
    expect([...fake.prompts.values()].some((prompt) => prompt.phone === member.msisdn)).toBe(false);
    expect(await balanceOf(member.token)).toBe('0.00');
  });
});

describe('M-Pesa refunds (Transaction Reversal)', () => {
  it('an operator refunds a credited deposit: the member’s cash goes back first, then Daraja reverses the receipt, once', async () => {
    const member = await funded('600.00');
    const [row] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.memberId, member.member.id));
    if (!row?.providerTransactionId) throw new Error('no receipt');
    const input = { depositId: row.id, merchantId, reason: 'paid twice by mistake', refundedBy: 'operator:test' };
    await refundProviderDeposit({ db: t.app.db, now: new Date() }, input);
    expect(
      fake.reversals
        .filter((reversal) => reversal.transactionId === row.providerTransactionId)
        .map(({ transactionId, amount }) => ({ transactionId, amount })),
    ).toEqual([{ transactionId: row.providerTransactionId, amount: 600 }]);
    expect(await balanceOf(member.token)).toBe('0.00');
    // The operator's second click neither moves the ledger nor asks Daraja again.
    await refundProviderDeposit({ db: t.app.db, now: new Date() }, input).catch(() => undefined);
    expect(fake.reversals.filter((reversal) => reversal.transactionId === row.providerTransactionId)).toHaveLength(1);
    expect(await balanceOf(member.token)).toBe('0.00');
    await expectLedgerOk();
  });
});

describe('M-Pesa withdrawals (B2C)', () => {
  it('pays the approved withdrawal by B2C; the result is the receipt; a duplicate result changes nothing', async () => {
    const member = await funded('1000.00');
    const { withdrawalId, payout } = await withdraw(member, '600.00');
    expect((await payoutRow(withdrawalId)).status).toBe('sent');
    expect(fake.payouts.get(`kismat-payout-${payout.id}`)).toMatchObject({ amount: 600, phone: member.msisdn });
    await fake.completePayout(`kismat-payout-${payout.id}`, 'success', 2);
    const paid = await payoutRow(withdrawalId);
    expect(paid.status).toBe('paid');
    expect(paid.providerTransactionId).toBe(fake.payouts.get(`kismat-payout-${payout.id}`)?.receipt);
    const [withdrawal] = await t.app.db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, withdrawalId));
    expect(withdrawal?.confirmation).toBe('received');
    expect(await balanceOf(member.token)).toBe('400.00');
    await expectLedgerOk();
  });

  it('a failed payout gives the money back once, whatever M-Pesa repeats', async () => {
    const member = await funded('500.00');
    const { withdrawalId, payout } = await withdraw(member, '500.00');
    expect(await balanceOf(member.token)).toBe('0.00');
    await fake.completePayout(`kismat-payout-${payout.id}`, 'failure', 2);
    const failed = await payoutRow(withdrawalId);
    expect([failed.status, failed.failureCode]).toEqual(['failed', '2001']);
    expect(await balanceOf(member.token)).toBe('500.00');
    await expectLedgerOk();
  });

  it('a queue timeout leaves the payout sent; Transaction Status then settles it', async () => {
    const member = await funded('800.00');
    const { withdrawalId, payout } = await withdraw(member, '800.00');
    await fake.completePayout(`kismat-payout-${payout.id}`, 'timeout');
    expect((await payoutRow(withdrawalId)).status).toBe('sent');
    expect(await balanceOf(member.token)).toBe('0.00');
    // Safaricom did pay (its result to us was lost): the status query finds it.
    const record = fake.payouts.get(`kismat-payout-${payout.id}`);
    if (!record) throw new Error('no payout at the fake');
    record.resultCode = 0;
    record.receipt = 'SQT1234567';
    await queryProviderPayouts({ db: t.app.db, realtime: t.app.realtime, now: new Date(Date.now() + 3600_000) }, { olderThanMinutes: 0 });
    await expect.poll(async () => (await payoutRow(withdrawalId)).status, { timeout: 3000 }).toBe('paid');
    expect((await payoutRow(withdrawalId)).providerTransactionId).toBe('SQT1234567');
    expect(await balanceOf(member.token)).toBe('0.00');
    await expectLedgerOk();
  });
});

describe('the M-Pesa statement (reconciliation)', () => {
  it('reads the org portal export: the paid deposit in, the paid payout out, with receipts, amounts and our references', async () => {
    const member = await funded('900.00');
    const { withdrawalId, payout } = await withdraw(member, '300.00');
    await fake.completePayout(`kismat-payout-${payout.id}`, 'success');
    const [deposited] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.memberId, member.member.id));
    const [channel] = await t.app.db
      .select()
      .from(depositChannels)
      .where(eq(depositChannels.id, await channelId()));
    if (!deposited || !channel) throw new Error('missing rows');
    const config = await providerConfigOf(t.app.db, mpesaProvider, channel, {});
    if (!config || !mpesaProvider.fetchStatement) throw new Error('no statement');
    const lines = await mpesaProvider.fetchStatement(config, {
      from: new Date(Date.now() - 3600_000),
      to: new Date(Date.now() + 3600_000),
    });
    expect(lines.find((line) => line.providerTransactionId === deposited.providerTransactionId)).toMatchObject({
      direction: 'in',
      amount: 90_000n,
      merchantReference: `KSM${deposited.id}`,
      status: 'Completed',
    });
    const paidOut = await payoutRow(withdrawalId);
    expect(lines.find((line) => line.providerTransactionId === paidOut.providerTransactionId)).toMatchObject({
      direction: 'out',
      amount: 30_000n,
    });
  });
});

describe('registration on the KISMAT-KE site', () => {
  it('takes a Kenyan mobile number typed as 07XX XXX XXX (the site dials +254) and refuses a Bangladeshi one, in Swahili', async () => {
    const national = `7${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const ip = uniqueIp();
    const sent = await client.call('POST', '/wps/verification/sms/register', {
      body: { countryDialingCode: '+254', mobileNo: `0${national}` },
      ip,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await latestOutboxCode(t.app.db, `+254${national}`);
    const base = {
      password: 'Sign-up#2025',
      confirmPassword: 'Sign-up#2025',
      verificationCode: code,
      captcha: 'QW34',
      acceptTerms: true,
      login: true,
      registerMethod: 'WEB',
    };
    const bangladeshi = await client.call('PUT', '/wps/member/register', {
      body: { ...base, username: `Mgeni${uniqueSuffix(6)}`, mobileNum: '01712345678', captchaId: await plantCaptcha(t.app.db, 'QW34') },
      encrypt: true,
      ip,
    });
    expect(bangladeshi.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(JSON.stringify(bangladeshi.json().value)).toContain('Muundo wa nambari ya simu si sahihi');
    const username = `Mchezaji${uniqueSuffix(6)}`;
    const registered = await client.call('PUT', '/wps/member/register', {
      body: { ...base, username, mobileNum: `0${national}`, captchaId: await plantCaptcha(t.app.db, 'QW34') },
      encrypt: true,
      ip,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const [row] = await t.app.db.select().from(members).where(eq(members.username, username.toLowerCase()));
    expect([row?.merchantId, row?.mobile]).toEqual([merchantId, `+254${national}`]);
  });
});

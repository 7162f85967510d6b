import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DepositRow } from '../../deposit-queries';
import type { PayoutOrder, ProviderCallbackRequest, ProviderChannelConfig } from '../../payment-provider';
import { DarajaClient, darajaTimestamp, type Fetch, stkPassword, toDarajaMsisdn } from './daraja-client';
import { FAKE_DARAJA_PIN, FAKE_DARAJA_PREFIX, FakeDaraja } from './fake-daraja';
import { mpesaProvider, useDarajaHttp } from './mpesa-provider';

/*
 * The adapter against the FAKE Daraja, without the cashier: the request shapes it must send
 * (the fake refuses anything else), and what each callback, forged or real, turns into.
 * The money side (ledger, duplicates, reversal) is mpesa-cashier.test.ts on PostgreSQL.
 */

const APP = {
  consumerKey: 'fake-consumer-key',
  consumerSecret: 'fake-consumer-secret',
  shortCode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  initiatorName: 'kismatapi',
  initiatorPassword: 'Safaricom999!*!',
};

let server: FastifyInstance;
let fake: FakeDaraja;
let calls: string[] = [];
const callbacks: Array<{ url: string; body: unknown }> = [];

const http: Fetch = async (url, init) => {
  const target = new URL(url);
  calls.push(target.pathname);
  const reply = await server.inject({
    method: init.method as 'GET' | 'POST',
    url: `${target.pathname}${target.search}`,
    headers: init.headers,
    ...(init.body ? { payload: init.body } : {}),
  });
  return { status: reply.statusCode, text: async () => reply.body };
};

function configOf(): ProviderChannelConfig {
  return {
    merchantId: 1,
    channelId: 1,
    channelCode: 'mpesa',
    provider: 'mpesa',
    mode: 'sandbox',
    baseUrl: `http://fake.local${FAKE_DARAJA_PREFIX}`,
    credentials: {
      consumerKey: APP.consumerKey,
      consumerSecret: APP.consumerSecret,
      passkey: APP.passkey,
      initiatorPassword: APP.initiatorPassword,
      certificate: fake.certificatePem,
      callbackSecret: 'a-callback-secret-of-32-characters!',
    },
    settings: { shortCode: APP.shortCode, b2cShortCode: '600000', initiatorName: APP.initiatorName },
    currency: 'KES',
    callbackUrl: 'https://ke.example/payment-callback/mpesa/deposit',
    siteOrigin: 'https://ke.example',
    timeoutMs: 5000,
  };
}

let nextId = 100;
function depositOf(amount: bigint): DepositRow {
  nextId += 1;
  return { id: nextId, amount, gatewayTransactionId: null } as DepositRow;
}

function requestOf(url: string, body: unknown): ProviderCallbackRequest {
  const target = new URL(url);
  return {
    method: 'POST',
    kind: target.pathname.endsWith('/payout') ? 'payout' : 'deposit',
    rawBody: JSON.stringify(body),
    query: Object.fromEntries(target.searchParams),
    headers: { 'content-type': 'application/json' },
  };
}

async function started(amount = 50_000n, phone = '0712345678') {
  const deposit = depositOf(amount);
  const result = await mpesaProvider.startDeposit(configOf(), deposit, { phone, memberId: 7 });
  deposit.gatewayTransactionId = result.providerPaymentId;
  return { deposit, result };
}

beforeAll(async () => {
  fake = new FakeDaraja(APP, async (url, body) => {
    callbacks.push({ url, body });
  });
  server = Fastify();
  fake.register(server);
  await server.ready();
  useDarajaHttp(http);
});
afterAll(async () => {
  useDarajaHttp(null);
  await server.close();
});
beforeEach(() => {
  calls = [];
  callbacks.length = 0;
});

describe('Daraja requests', () => {
  it('computes the STK password and the EAT timestamp as published', () => {
    // 2026-01-02 21:04:05 UTC is 2026-01-03 00:04:05 in Nairobi.
    expect(darajaTimestamp(new Date('2026-01-02T21:04:05Z'))).toBe('20260103000405');
    expect(Buffer.from(stkPassword('174379', 'pk', '20260103000405'), 'base64').toString()).toBe('174379pk20260103000405');
    expect(toDarajaMsisdn('0712 345 678')).toBe('254712345678');
    expect(toDarajaMsisdn('+254110345678')).toBe('254110345678');
    expect(toDarajaMsisdn('01712345678')).toBeNull();
  });

  it('asks for one OAuth token and reuses it until it expires', async () => {
    DarajaClient.forgetTokens();
    await started();
    await started();
    expect(calls.filter((path) => path.endsWith('/oauth/v1/generate'))).toHaveLength(1);
    expect(calls.filter((path) => path.endsWith('/stkpush/v1/processrequest'))).toHaveLength(2);
  });

  it('refuses a non-Kenyan number and cents before calling Daraja', async () => {
    await expect(mpesaProvider.startDeposit(configOf(), depositOf(50_000n), { phone: '01712345678', memberId: 1 })).rejects.toMatchObject({
      code: 'phone_invalid',
    });
    await expect(mpesaProvider.startDeposit(configOf(), depositOf(50_050n), { phone: '0712345678', memberId: 1 })).rejects.toMatchObject({
      code: 'amount_not_whole',
    });
    expect(calls.filter((path) => path.includes('stkpush'))).toHaveLength(0);
  });

  it('reports a refused credential as the provider error', async () => {
    DarajaClient.forgetTokens();
    const config = configOf();
    const wrong = { ...config, credentials: { ...config.credentials, consumerSecret: 'wrong' } } as ProviderChannelConfig;
    await expect(mpesaProvider.startDeposit(wrong, depositOf(50_000n), { phone: '0712345678', memberId: 1 })).rejects.toMatchObject({
      code: '400.008.01',
    });
  });
});

describe('STK Push callbacks', () => {
  it('a paid callback is confirmed by the STK query before it counts', async () => {
    const { deposit, result } = await started();
    expect(result.next).toEqual({ kind: 'prompt_sent' });
    // While the phone shows the prompt the query says "being processed".
    expect((await mpesaProvider.queryDeposit(configOf(), deposit)).status).toBe('pending');
    const answer = await fake.respond(result.providerPaymentId, { action: 'accept', pin: FAKE_DARAJA_PIN });
    expect(answer.ok).toBe(true);
    const [sent] = callbacks;
    if (!sent) throw new Error('no callback');
    const request = requestOf(sent.url, sent.body);
    expect(mpesaProvider.depositCallbackPaymentId(request)).toBe(result.providerPaymentId);
    calls = [];
    const status = await mpesaProvider.verifyDepositCallback(configOf(), deposit, request);
    expect(status).toMatchObject({ status: 'paid', amount: 50_000n, providerTransactionId: answer.ok ? answer.receipt : '' });
    expect(calls.some((path) => path.endsWith('/stkpushquery/v1/query'))).toBe(true);
  });

  it('a wrong PIN leaves the prompt open; cancel (1032) and no funds (1) are failures', async () => {
    const cancelled = await started();
    expect((await fake.respond(cancelled.result.providerPaymentId, { action: 'accept', pin: '0000' })).ok).toBe(false);
    await fake.respond(cancelled.result.providerPaymentId, { action: 'cancel' });
    const poor = await started();
    await fake.respond(poor.result.providerPaymentId, { action: 'insufficient' });
    const [first, second] = callbacks;
    if (!first || !second) throw new Error('callbacks missing');
    expect(await mpesaProvider.verifyDepositCallback(configOf(), cancelled.deposit, requestOf(first.url, first.body))).toMatchObject({
      status: 'failed',
      failureCode: '1032',
    });
    expect(await mpesaProvider.verifyDepositCallback(configOf(), poor.deposit, requestOf(second.url, second.body))).toMatchObject({
      status: 'failed',
      failureCode: '1',
    });
  });

  it('refuses a forged token, another order, another amount or another phone', async () => {
    const { deposit, result } = await started();
    await fake.respond(result.providerPaymentId, { action: 'accept', pin: FAKE_DARAJA_PIN });
    const [sent] = callbacks;
    if (!sent) throw new Error('no callback');
    const good = requestOf(sent.url, sent.body);
    const forgedToken = { ...good, query: { ...good.query, t: 'A'.repeat(43) } };
    expect(await mpesaProvider.verifyDepositCallback(configOf(), deposit, forgedToken)).toBeNull();
    const other = depositOf(50_000n);
    other.gatewayTransactionId = result.providerPaymentId;
    expect(await mpesaProvider.verifyDepositCallback(configOf(), other, good)).toBeNull();
    const bigger = { ...deposit, amount: 60_000n } as DepositRow;
    expect(await mpesaProvider.verifyDepositCallback(configOf(), bigger, good)).toBeNull();
    const body = structuredClone(sent.body) as {
      Body: { stkCallback: { CallbackMetadata: { Item: Array<{ Name: string; Value?: unknown }> } } };
    };
    const phoneItem = body.Body.stkCallback.CallbackMetadata.Item.find((item) => item.Name === 'PhoneNumber');
    if (phoneItem) phoneItem.Value = 254799999999;
    expect(await mpesaProvider.verifyDepositCallback(configOf(), deposit, requestOf(sent.url, body))).toBeNull();
  });

  it('a forged "paid" for a prompt still on the phone is not paid: the query says pending', async () => {
    const { deposit, result } = await started();
    // The attacker knows the URL (token included) but not the outcome: only Safaricom's query decides.
    const prompt = fake.prompts.get(result.providerPaymentId);
    if (!prompt) throw new Error('no prompt');
    const forged = fake.stkCallbackOf({ ...prompt, resultCode: 0, resultDesc: 'ok', receipt: 'FORGED123', completedAt: new Date() });
    const url = `https://ke.example/payment-callback/mpesa/deposit?${new URLSearchParams(requestOf(callbackUrlOf(prompt), {}).query)}`;
    expect(await mpesaProvider.verifyDepositCallback(configOf(), deposit, requestOf(url, forged))).toMatchObject({ status: 'pending' });
  });
});

function callbackUrlOf(prompt: { callbackUrl: string }): string {
  return prompt.callbackUrl;
}

describe('B2C payouts', () => {
  let payoutId = 900;
  const payout = (amount = 100_000n): PayoutOrder => {
    payoutId += 1;
    return { payoutId, withdrawalId: payoutId, amount, receiver: '0722000111', providerPayoutId: null };
  };

  it('sends BusinessPayment with an encrypted SecurityCredential; a retry is the same payout, not a second one', async () => {
    const order = payout();
    const first = await mpesaProvider.startPayout?.(configOf(), order);
    expect(first).toMatchObject({ status: 'sent' });
    expect(fake.payouts.get(`kismat-payout-${order.payoutId}`)?.phone).toBe('254722000111');
    const again = await mpesaProvider.startPayout?.(configOf(), { ...order, providerPayoutId: first?.providerPayoutId ?? null });
    expect(again).toMatchObject({ status: 'sent', providerPayoutId: first?.providerPayoutId });
    expect(fake.payouts.size).toBeGreaterThan(0);
  });

  it('a wrong initiator password is refused before any money moves', async () => {
    const config = configOf();
    const wrong = { ...config, credentials: { ...config.credentials, initiatorPassword: 'nope' } } as ProviderChannelConfig;
    expect(await mpesaProvider.startPayout?.(wrong, payout())).toMatchObject({ status: 'failed', failureCode: '400.002.02' });
  });

  it('maps the result: success with its receipt, failure, a timeout stays sent, and a forged result is refused', async () => {
    const ok = payout();
    const okSent = await mpesaProvider.startPayout?.(configOf(), ok);
    const okOrder = { ...ok, providerPayoutId: okSent?.providerPayoutId ?? null };
    await fake.completePayout(`kismat-payout-${ok.payoutId}`, 'timeout');
    await fake.completePayout(`kismat-payout-${ok.payoutId}`, 'success');
    const [timeout, success] = callbacks;
    if (!timeout || !success) throw new Error('results missing');
    expect(await mpesaProvider.verifyPayoutCallback?.(configOf(), okOrder, requestOf(timeout.url, timeout.body))).toMatchObject({
      status: 'sent',
    });
    const paid = await mpesaProvider.verifyPayoutCallback?.(configOf(), okOrder, requestOf(success.url, success.body));
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid?.providerTransactionId).toMatch(/^S[0-9A-F]{9}$/);
    // The same body on another payout's URL, or with a guessed token, is refused.
    const other = payout();
    expect(await mpesaProvider.verifyPayoutCallback?.(configOf(), other, requestOf(success.url, success.body))).toBeNull();

    const bad = payout();
    const badSent = await mpesaProvider.startPayout?.(configOf(), bad);
    await fake.completePayout(`kismat-payout-${bad.payoutId}`, 'failure');
    const failed = callbacks[2];
    if (!failed) throw new Error('no failure result');
    expect(
      await mpesaProvider.verifyPayoutCallback?.(
        configOf(),
        { ...bad, providerPayoutId: badSent?.providerPayoutId ?? null },
        requestOf(failed.url, failed.body),
      ),
    ).toMatchObject({ status: 'failed', failureCode: '2001' });
  });

  it('Transaction Status answers on the payout URL (step=status)', async () => {
    const order = payout();
    const sent = await mpesaProvider.startPayout?.(configOf(), order);
    await fake.completePayout(`kismat-payout-${order.payoutId}`, 'success');
    callbacks.length = 0;
    const withId = { ...order, providerPayoutId: sent?.providerPayoutId ?? null };
    expect(await mpesaProvider.queryPayout?.(configOf(), withId)).toMatchObject({ status: 'sent' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [status] = callbacks;
    if (!status) throw new Error('no status result');
    expect(status.url).toContain('step=status');
    expect(await mpesaProvider.verifyPayoutCallback?.(configOf(), withId, requestOf(status.url, status.body))).toMatchObject({
      status: 'paid',
    });
  });
});

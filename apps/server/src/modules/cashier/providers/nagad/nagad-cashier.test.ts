import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../../../db/schema/accounts';
import { depositChannels, depositRequests } from '../../../../db/schema/cashier';
import { operatorAuditLog } from '../../../../db/schema/operators';
import { providerPayouts } from '../../../../db/schema/payment-providers';
import { reconciliationMismatches } from '../../../../db/schema/reconciliation';
import { uniqueSuffix } from '../../../../test/factories';
import { cashierKit, OPERATOR_TOKEN, openCashierSite, PAY } from '../../cashier-test-kit';
import { expireOnlineDeposits } from '../../expire-online-deposits';
import { queryProviderDeposits } from '../../query-provider-deposits';
import { reconcilePayments } from '../../reconcile-payments-job';
import { dhakaDay, FakeNagad, generateRsaKeyPair } from './fake-nagad';
import { useNagadTransport } from './nagad-provider';

/*
 * Contract tests of the Nagad adapter through the cashier, on PostgreSQL, against the LOCAL FAKE
 * Nagad (fake-nagad.ts): the member's deposit goes initialize -> complete -> the fake's checkout
 * -> the browser's redirect to /payment-callback/nagad/deposit, which is settled only by Nagad's
 * verify answer. Payouts go through the (assumed) disbursement API. The ledger verifies after each.
 */

const MERCHANT_ID = '683002007104225';
const MERCHANT_NUMBER = '01711428036';
const PRIVATE_ENV = 'KISMAT_TEST_NAGAD_MERCHANT_PRIVATE_KEY';
const PUBLIC_ENV = 'KISMAT_TEST_NAGAD_PUBLIC_KEY';

let context: Awaited<ReturnType<typeof openCashierSite>>;
const fake = new FakeNagad();
const kit = cashierKit(() => context);
let channelId = 0;

beforeAll(async () => {
  context = await openCashierSite();
  const ours = generateRsaKeyPair();
  fake.registerMerchant(MERCHANT_ID, ours.publicKeyPem, MERCHANT_NUMBER);
  // The keys live in the environment as PEM, never in the database; one-line "\n" form as hosts store it.
  process.env[PRIVATE_ENV] = ours.privateKeyPem.replace(/\n/g, '\\n');
  process.env[PUBLIC_ENV] = fake.publicKeyPem;
  useNagadTransport(fake.fetch);
  const [channel] = await context.t.app.db
    .insert(depositChannels)
    .values({
      merchantId: context.site.merchant.id,
      code: `nagad-online-${uniqueSuffix(4)}`,
      kind: 'gateway',
      name: { BN: 'নগদ অনলাইন', EN: 'Nagad online', SW: 'Nagad mtandaoni' },
      instructions: { BN: 'নগদে পরিশোধ করুন', EN: 'Pay on Nagad’s page', SW: 'Lipa kwenye ukurasa wa Nagad' },
      provider: 'nagad',
      providerSettings: {
        merchantId: MERCHANT_ID,
        merchantNumber: MERCHANT_NUMBER,
        merchantPrivateKeyEnv: PRIVATE_ENV,
        nagadPublicKeyEnv: PUBLIC_ENV,
        baseUrl: fake.baseUrl,
        payouts: 'enabled',
        payoutBankName: 'Nagad',
      },
      minAmount: 1_000n,
      maxAmount: 2_500_000n,
    })
    .returning();
  channelId = channel?.id ?? 0;
}, 60_000);

afterAll(async () => {
  useNagadTransport(null);
  await context?.t.close();
});

async function startDeposit(token: string, amount: string) {
  const created = await context.client.call('POST', '/wps/v2/cashier/deposits', {
    token,
    body: { channelId, amount, idempotencyKey: kit.key() },
  });
  expect(created.statusCode, created.body).toBe(200);
  const value = created.json().value as { id: number; payUrl: string | null; status: string };
  const [row] = await context.t.app.db.select().from(depositRequests).where(eq(depositRequests.id, value.id));
  if (!row?.gatewayTransactionId) throw new Error('no Nagad payment reference');
  return { id: value.id, payUrl: value.payUrl, paymentRefId: row.gatewayTransactionId };
}

/** The member's browser following Nagad's redirect back to us. */
async function browserReturns(callbackUrl: string) {
  const url = new URL(callbackUrl);
  return context.client.call('GET', `${url.pathname}${url.search}`);
}

async function depositRow(id: number) {
  const [row] = await context.t.app.db.select().from(depositRequests).where(eq(depositRequests.id, id));
  return row;
}

describe('Nagad deposits', () => {
  it('happy path: checkout page, redirect, verify, credited once; duplicate and out-of-order callbacks change nothing', async () => {
    const member = await kit.player();
    const { id, payUrl, paymentRefId } = await startDeposit(member.token, '500.00');
    expect(payUrl).toBe(`${fake.baseUrl}/fake-checkout/${paymentRefId}`);
    expect(fake.checkoutPage(paymentRefId)).toContain('৳ 500.00');
    // Nagad got the published calls with its headers.
    const paths = fake.requests.map((request) => request.path);
    expect(paths.some((path) => path.startsWith(`/api/dfs/check-out/initialize/${MERCHANT_ID}/K${id}N`))).toBe(true);
    expect(paths).toContain(`/api/dfs/check-out/complete/${paymentRefId}`);

    const callback = fake.pay(paymentRefId, 'Success');
    expect(new URL(callback).pathname).toBe('/payment-callback/nagad/deposit');
    const back = await browserReturns(callback);
    expect(back.statusCode, back.body).toBe(303);
    expect(back.headers.location).toContain(`depositResult=${id}`);
    expect((await depositRow(id))?.status).toBe('approved');
    expect(await kit.balanceOf(member.token)).toBe('500.00');

    // The same redirect twice (a reload), and a stale "Aborted" redirect arriving after: verify still says Success.
    await browserReturns(callback);
    const stale = new URL(callback);
    stale.searchParams.set('status', 'Aborted');
    await browserReturns(stale.toString());
    expect((await depositRow(id))?.status).toBe('approved');
    expect(await kit.balanceOf(member.token)).toBe('500.00');
    await kit.expectLedgerOk();
  });

  it('a forged "Success" redirect for an unpaid order credits nothing; an unknown payment ref is refused', async () => {
    const member = await kit.player();
    const { id, paymentRefId } = await startDeposit(member.token, '300.00');
    const forged = await context.client.call(
      'GET',
      `/payment-callback/nagad/deposit?payment_ref_id=${paymentRefId}&status=Success&status_code=00_0000_000`,
    );
    expect(forged.statusCode).toBe(303);
    expect((await depositRow(id))?.status).toBe('pending');
    const unknown = await context.client.call(
      'GET',
      '/payment-callback/nagad/deposit?payment_ref_id=20261126999999DEADBEEFDEADBEEF&status=Success',
    );
    expect(unknown.statusCode).toBe(400);
    expect(await kit.balanceOf(member.token)).toBe('0.00');
    // The member aborts on Nagad's page: the order fails, nothing credited.
    await browserReturns(fake.pay(paymentRefId, 'Aborted'));
    expect((await depositRow(id))?.status).toBe('failed');
    expect(await kit.balanceOf(member.token)).toBe('0.00');
    await kit.expectLedgerOk();
  });

  it('Nagad unreachable at the callback: stays pending, the status query credits it once', async () => {
    const member = await kit.player();
    const { id, paymentRefId } = await startDeposit(member.token, '250.00');
    const callback = fake.pay(paymentRefId, 'Success');
    fake.isUnreachable = true;
    try {
      const back = await browserReturns(callback);
      expect(back.statusCode).toBe(303);
      expect((await depositRow(id))?.status).toBe('pending');
    } finally {
      fake.isUnreachable = false;
    }
    const later = new Date(Date.now() + 10 * 60_000);
    const swept = await queryProviderDeposits({ db: context.t.app.db, realtime: context.t.app.realtime, now: later });
    expect(swept.settled).toBeGreaterThanOrEqual(1);
    expect((await depositRow(id))?.status).toBe('approved');
    await queryProviderDeposits({ db: context.t.app.db, realtime: context.t.app.realtime, now: later });
    await browserReturns(callback);
    expect(await kit.balanceOf(member.token)).toBe('250.00');
    await kit.expectLedgerOk();
  });

  it('a late payment after our order expired is credited once and marked paid after expiry', async () => {
    const member = await kit.player();
    const { id, paymentRefId } = await startDeposit(member.token, '120.00');
    await expireOnlineDeposits(context.t.app.db, new Date(Date.now() + 48 * 3_600_000));
    expect((await depositRow(id))?.status).toBe('expired');
    await browserReturns(fake.pay(paymentRefId, 'Success'));
    const row = await depositRow(id);
    expect(row).toMatchObject({ status: 'approved', paidAfter: 'expired' });
    expect(await kit.balanceOf(member.token)).toBe('120.00');
    await kit.expectLedgerOk();
  });

  it('an initialize answer not signed by Nagad is refused: no order at Nagad, nothing to pay, nothing credited', async () => {
    const member = await kit.player();
    fake.isSigningWithWrongKey = true;
    try {
      const created = await context.client.call('POST', '/wps/v2/cashier/deposits', {
        token: member.token,
        body: { channelId, amount: '100.00', idempotencyKey: kit.key() },
      });
      expect(created.statusCode, created.body).toBeGreaterThanOrEqual(400);
      expect(created.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      expect(created.json().message).toBeTruthy();
    } finally {
      fake.isSigningWithWrongKey = false;
    }
    expect(await kit.balanceOf(member.token)).toBe('0.00');
    await kit.expectLedgerOk();
  });
});

async function withdrawTo(wallet: string, amount: string) {
  const member = await kit.fundedPlayer('1000.00');
  const [bank] = await context.t.app.db
    .insert(bankAccounts)
    .values({
      memberId: member.member.id,
      merchantId: context.site.merchant.id,
      accountName: 'Test Person',
      accountNumber: wallet,
      bankName: 'Nagad',
      confirmedAt: new Date(),
    })
    .returning();
  const created = await context.client.call('POST', '/wps/v2/cashier/withdrawals', {
    token: member.token,
    body: { bankAccountId: bank?.id, amount, paymentPassword: PAY, idempotencyKey: kit.key() },
  });
  expect(created.statusCode, created.body).toBe(200);
  const withdrawalId = created.json().value.id as number;
  const approved = await kit.operator('POST', `/admin-api/cashier/withdrawals/${withdrawalId}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const [payout] = await context.t.app.db.select().from(providerPayouts).where(eq(providerPayouts.withdrawalId, withdrawalId));
  return { member, withdrawalId, payout };
}

describe('Nagad payouts (disbursement)', () => {
  it('pays a member’s Nagad wallet; the money leaves once', async () => {
    const { member, payout } = await withdrawTo('01711000001', '400.00');
    expect(payout).toMatchObject({ provider: 'nagad', status: 'paid' });
    expect(payout?.providerPayoutId).toMatch(/^DB[0-9A-F]{16}$/);
    expect(fake.disbursements.get(payout?.providerPayoutId ?? '')?.disbursementId).toBe(`KP${payout?.id}`);
    expect(await kit.balanceOf(member.token)).toBe('600.00');
    await kit.expectLedgerOk();
  });

  it('a payout Nagad fails gives the member the money back once', async () => {
    fake.failPayoutsTo.add('01711000002');
    const { member, payout } = await withdrawTo('01711000002', '300.00');
    expect(payout).toMatchObject({ status: 'failed' });
    expect(payout?.reversalTransferId).not.toBeNull();
    expect(await kit.balanceOf(member.token)).toBe('1000.00');
    await kit.expectLedgerOk();
  });
});

describe('reconciliation against Nagad’s statement of the day', () => {
  it('finds what is missing on either side, amount and status differences; idempotent; resolved with a note, audited', async () => {
    const db = context.t.app.db;
    const member = await kit.player();
    // a) Paid at Nagad, the browser never came back (and no sweep yet): money we have not credited.
    const unreported = await startDeposit(member.token, '150.00');
    fake.pay(unreported.paymentRefId, 'Success');
    // b) A payment at Nagad we have no order for at all.
    fake.payments.set('20261126000000FOREIGN0000000001', {
      merchantId: MERCHANT_ID,
      orderId: 'OTHER1',
      paymentRefId: '20261126000000FOREIGN0000000001',
      challenge: 'x',
      amount: 7_700n,
      callbackUrl: null,
      status: 'Success',
      issuerPaymentRefNo: 'NGFOREIGN',
      createdAt: new Date(),
      paidAt: new Date(),
    });
    // c) Credited by us for 200.00, Nagad's statement says 199.00.
    const cheaper = await startDeposit((await kit.player()).token, '200.00');
    await browserReturns(fake.pay(cheaper.paymentRefId, 'Success'));
    const atNagad = fake.payments.get(cheaper.paymentRefId);
    if (atNagad) atNagad.amount = 19_900n;
    // d) Marked paid by an operator, but Nagad never took it.
    const marked = await startDeposit((await kit.player()).token, '90.00');
    const markPaid = await kit.operator('POST', `/admin-api/cashier/deposits/${marked.id}/mark-paid`, {
      reference: 'NGMANUAL01',
      note: 'member showed a screenshot',
    });
    expect(markPaid.statusCode, markPaid.body).toBe(200);
    // e) A payout Nagad paid, then reversed.
    const { payout } = await withdrawTo('01711000003', '100.00');
    fake.reverseDisbursement(payout?.providerPayoutId ?? '');

    const day = dhakaDay(new Date());
    const deps = { db, now: new Date() };
    const [run] = await reconcilePayments(deps, { day, merchantId: context.site.merchant.id });
    expect(run).toMatchObject({ status: 'completed', provider: 'nagad', businessDay: day });
    const again = await reconcilePayments(deps, { day, merchantId: context.site.merchant.id });
    expect(again.map((row) => row.id)).toEqual([run?.id]);

    const rows = await db
      .select()
      .from(reconciliationMismatches)
      .where(eq(reconciliationMismatches.runId, run?.id ?? 0));
    const byRef = new Map(rows.map((row) => [row.providerReference, row]));
    expect(byRef.get(unreported.paymentRefId)).toMatchObject({
      kind: 'missing_ours',
      direction: 'deposit',
      ourId: unreported.id,
      ourStatus: 'pending',
      theirStatus: 'Success',
    });
    expect(byRef.get('20261126000000FOREIGN0000000001')).toMatchObject({ kind: 'missing_ours', ourId: null, theirAmount: 7_700n });
    expect(byRef.get(cheaper.paymentRefId)).toMatchObject({ kind: 'amount', ourAmount: 20_000n, theirAmount: 19_900n });
    expect(rows.find((row) => row.ourId === marked.id)).toMatchObject({
      kind: 'missing_theirs',
      direction: 'deposit',
      ourStatus: 'approved',
    });
    expect(byRef.get(payout?.providerPayoutId ?? '')).toMatchObject({
      kind: 'status',
      direction: 'payout',
      ourStatus: 'paid',
      theirStatus: 'Reversed',
    });
    // Everything the earlier tests settled the same way on both sides matched: exactly these five differ.
    expect(rows).toHaveLength(5);
    expect(run?.mismatchCount).toBe(5);
    expect(run?.matchedCount).toBeGreaterThanOrEqual(6);

    // The back office lists them with filters and resolves one with a note, once, audited.
    const listed = await kit.operator('GET', `/admin-api/reconciliation/mismatches?runId=${run?.id}&kind=amount`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [amountRow] = listed.json().value.list;
    expect(amountRow).toMatchObject({ kind: 'amount', ourAmount: '200.00', theirAmount: '199.00', resolvedAt: null });
    const runs = await kit.operator('GET', `/admin-api/reconciliation/runs?provider=nagad&from=${day}&to=${day}`);
    expect(runs.json().value.list.find((row: { id: number }) => row.id === run?.id)).toMatchObject({
      mismatchCount: 5,
      openMismatchCount: 5,
    });
    const tooShort = await kit.operator('POST', `/admin-api/reconciliation/mismatches/${amountRow.id}/resolve`, { note: 'ok' });
    expect(tooShort.statusCode).toBe(422);
    const resolved = await kit.operator('POST', `/admin-api/reconciliation/mismatches/${amountRow.id}/resolve`, {
      note: 'Nagad fee deducted; ticket NG-123',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().value).toMatchObject({ resolvedBy: 'root', resolutionNote: 'Nagad fee deducted; ticket NG-123' });
    const twice = await kit.operator('POST', `/admin-api/reconciliation/mismatches/${amountRow.id}/resolve`, {
      note: 'overwrite the first note',
    });
    expect(twice.statusCode).toBe(409);
    const audit = await db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'reconciliation.mismatch_resolved'));
    expect(audit.filter((row) => row.targetId === String(amountRow.id))).toHaveLength(1);
    const open = await kit.operator('GET', `/admin-api/reconciliation/mismatches?runId=${run?.id}`);
    expect(open.json().value.list).toHaveLength(4);
    await kit.expectLedgerOk();
  });
});

describe('payment providers in the back office', () => {
  it('shows which env vars are set, never their values; an admin switch is audited', async () => {
    const listed = await kit.operator('GET', `/admin-api/payment-providers?merchant=${context.site.merchant.code}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).not.toContain('PRIVATE KEY');
    const nagad = listed.json().value.list.find((row: { channelId: number }) => row.channelId === channelId);
    expect(nagad).toMatchObject({
      provider: 'nagad',
      mode: 'sandbox',
      isBaseUrlOverridden: true,
      isReady: true,
      payouts: true,
      env: [
        { credential: 'merchantPrivateKey', envName: PRIVATE_ENV, isSet: true },
        { credential: 'nagadPublicKey', envName: PUBLIC_ENV, isSet: true },
      ],
    });
    const changed = await context.client.call('PUT', `/admin-api/payment-providers/${channelId}`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      body: { isEnabled: true, mode: 'live', payouts: false, reason: 'going live after certification' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().value).toMatchObject({ mode: 'live', payouts: false });
    const audit = await context.t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'payment_provider.changed'));
    expect(audit.find((row) => row.targetId === String(channelId))?.detail).toMatchObject({
      before: { mode: 'sandbox', payouts: true },
      after: { mode: 'live', payouts: false },
    });
    const saved = process.env[PUBLIC_ENV];
    delete process.env[PUBLIC_ENV];
    try {
      const missing = await kit.operator('GET', `/admin-api/payment-providers?merchant=${context.site.merchant.code}`);
      const row = missing.json().value.list.find((entry: { channelId: number }) => entry.channelId === channelId);
      expect(row).toMatchObject({ isReady: false, problem: `missing_env:${PUBLIC_ENV}` });
    } finally {
      process.env[PUBLIC_ENV] = saved;
    }
  });
});

describe('the demo’s LOCAL FAKE Nagad on this server', () => {
  it('answers its API only with Nagad’s headers and serves no checkout for an unknown payment', async () => {
    const bare = await context.client.call('POST', '/fake-nagad/api/dfs/check-out/initialize/683002007104225/K1N0000', { body: {} });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ reason: 'InvalidRequestHeader' });
    const unknown = await context.client.call('GET', '/fake-nagad/fake-checkout/NOPE');
    expect(unknown.statusCode).toBe(404);
    const pay = await context.client.call('GET', '/fake-nagad/fake-checkout/pay?payment_ref_id=NOPE&outcome=Success');
    expect(pay.statusCode).toBe(404);
  });
});

import { CASHIER_PATHS, OPERATOR_CASHIER_PATHS } from '@kismat/contracts/cashier';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositChannels, depositRequests } from '../../db/schema/cashier';
import { operatorAuditLog } from '../../db/schema/operators';
import { jobRuns } from '../../db/schema/platform';
import { runJobOnce } from '../../platform/scheduler';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestClient, type TestMerchant, uniqueSuffix, updateMerchant, useRealClock } from '../../test/factories';
import { useSandboxShop } from '../../test/shop-fixture';
import { verifyLedger } from '../wallet/verify-ledger';
import { expireOnlineDepositsJob } from './expire-online-deposits';
import { signSandboxBody } from './sandbox-gateway';

/*
 * Issue 12 item 3: on a phone, "Pay online" opened the payment panel below the fold with no
 * feedback, so a second tap made a second order; it stayed pending forever, and the back office
 * listed it as a deposit an operator could approve with no reference. Now a member has one open
 * online order per channel (a second tap gets it back), may cancel it, it expires after the
 * merchant's time, a late signed payment is still credited (marked), and no operator credits an
 * online order without the provider's reference.
 */

const OPERATOR_TOKEN = 'operator-token-for-online-orders';
const MINUTE = 60_000;

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

useSandboxShop(
  (fixture) => {
    ({ t, shop: site, client } = fixture);
  },
  { suite: 'orders', operatorToken: OPERATOR_TOKEN },
);

const key = () => `k-${uniqueSuffix(12)}`;

async function player() {
  const created = await createMember(t.app.db, site.merchant.id);
  const token = await client.login(created.member.username, created.password ?? '');
  return { ...created, token };
}

async function channel(code: string) {
  const [found] = await t.app.db
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.merchantId, site.merchant.id), eq(depositChannels.code, code)));
  if (!found) throw new Error(`no channel ${code}`);
  return found;
}

async function payOnline(token: string, amount: string) {
  const sandbox = await channel('sandbox');
  return client.call('POST', CASHIER_PATHS.deposits, { token, body: { channelId: sandbox.id, amount, idempotencyKey: key() } });
}

const cancel = (token: string, id: number) => client.call('POST', CASHIER_PATHS.depositCancel.replace(':id', String(id)), { token });

const operator = (url: string, body: unknown = {}) =>
  client.call('POST', url, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, body });

async function balanceOf(token: string): Promise<string> {
  return (await client.call('GET', '/wps/v2/wallets/balance', { token })).json().value.balance as string;
}

async function depositRow(id: number) {
  const [row] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.id, id));
  if (!row) throw new Error(`no deposit ${id}`);
  return row;
}

/** The provider's signed callback, byte for byte as the sandbox gateway sends it. */
async function signedCallback(depositId: number, status: 'paid' | 'failed', options: { signature?: string } = {}) {
  const row = await depositRow(depositId);
  const sandbox = await channel('sandbox');
  const rawBody = JSON.stringify({
    eventId: `evt-${uniqueSuffix(10)}`,
    gatewayTransactionId: row.gatewayTransactionId,
    depositId,
    amount: formatAmount(row.amount),
    status,
  });
  return t.app.inject({
    method: 'POST',
    url: CASHIER_PATHS.sandboxCallback,
    payload: rawBody,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': options.signature ?? signSandboxBody(sandbox.providerSettings.secret ?? '', rawBody),
    },
  });
}

async function expectLedgerOk() {
  const verdict = await verifyLedger(t.app.db);
  expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
}

describe('a second "Pay online" (double tap, second tab) reuses the open order', () => {
  it('answers the same order to taps in a row and at once, with one row stored', async () => {
    const member = await player();
    const first = await payOnline(member.token, '250.00');
    expect(first.statusCode, first.body).toBe(200);
    const order = first.json().value;
    expect(order).toMatchObject({ status: 'pending', channelKind: 'gateway', amount: '250.00' });
    expect(order.payUrl).toContain(`sandboxDeposit=${order.id}`);
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBe(30 * MINUTE);

    const second = await payOnline(member.token, '250.00');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().value.id).toBe(order.id);
    // Five taps at once, each with its own key (a fresh page, another tab): still the one order.
    const racing = await Promise.all(Array.from({ length: 5 }, () => payOnline(member.token, '250.00')));
    expect(racing.map((response) => [response.statusCode, response.json().value.id])).toEqual(Array(5).fill([200, order.id]));

    const rows = await t.app.db.select().from(depositRequests).where(eq(depositRequests.memberId, member.member.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses another amount while an order is open, naming it, until it is cancelled', async () => {
    const member = await player();
    const order = (await payOnline(member.token, '300.00')).json().value;
    const other = await payOnline(member.token, '500.00');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('DEPOSIT_ORDER_OPEN');
    expect(other.json().value.deposit).toMatchObject({ id: order.id, amount: '300.00', status: 'pending' });

    expect((await cancel(member.token, order.id)).statusCode).toBe(200);
    const fresh = await payOnline(member.token, '500.00');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().value.id).not.toBe(order.id);
  });

  it('leaves manual deposits alone: two bKash deposits of one amount are two requests', async () => {
    const member = await player();
    const bkash = await channel('bkash');
    const submit = () =>
      client.call('POST', CASHIER_PATHS.deposits, {
        token: member.token,
        body: { channelId: bkash.id, amount: '200.00', reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: key() },
      });
    const [one, two] = [await submit(), await submit()];
    expect(one.json().value.expiresAt).toBeNull();
    expect(two.json().value.id).not.toBe(one.json().value.id);
  });
});

describe('the member cancels an unpaid online order', () => {
  it('cancels once (repeats answer the same), only their own, only online, only unpaid', async () => {
    const member = await player();
    const stranger = await player();
    const order = (await payOnline(member.token, '150.00')).json().value;

    const byStranger = await cancel(stranger.token, order.id);
    expect(byStranger.statusCode).toBe(404);
    expect((await depositRow(order.id)).status).toBe('pending');

    const cancelled = await cancel(member.token, order.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().value).toMatchObject({ id: order.id, status: 'cancelled', payUrl: null });
    const again = await cancel(member.token, order.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().value.status).toBe('cancelled');
    expect((await depositRow(order.id)).reviewedBy).toBe(`member:${member.member.id}`);

    const bkash = await channel('bkash');
    const manual = await client.call('POST', CASHIER_PATHS.deposits, {
      token: member.token,
      body: { channelId: bkash.id, amount: '200.00', reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: key() },
    });
    const manualCancel = await cancel(member.token, manual.json().value.id);
    expect(manualCancel.json().code).toBe('DEPOSIT_NOT_CANCELLABLE');

    const paid = (await payOnline(member.token, '160.00')).json().value;
    expect((await signedCallback(paid.id, 'paid')).statusCode).toBe(200);
    const paidCancel = await cancel(member.token, paid.id);
    expect(paidCancel.json().code).toBe('REQUEST_NOT_PENDING');
    expect((await depositRow(paid.id)).status).toBe('approved');
    expect(await balanceOf(member.token)).toBe('160.00');
  });
});

describe('unpaid online orders expire after the merchant setting', () => {
  it('the scheduled job closes orders past their deadline once, and only those', async () => {
    const member = await player();
    const early = new Date(Date.now() - 45 * MINUTE);
    t.setNow(early);
    const old = (await payOnline(member.token, '120.00')).json().value;
    useRealClock(t);
    const other = await player();
    const recent = (await payOnline(other.token, '120.00')).json().value;

    const job = expireOnlineDepositsJob(t.app.db);
    const runAt = new Date();
    expect(await runJobOnce(t.app.db, job, runAt)).toBe(true);
    // The period is claimed in job_runs: a second node's tick in the same minute does nothing.
    expect(await runJobOnce(t.app.db, job, runAt)).toBe(false);
    const [claim] = await t.app.db.select().from(jobRuns).where(eq(jobRuns.job, 'deposit-online-expiry'));
    expect(claim?.error ?? null).toBeNull();

    expect(await depositRow(old.id)).toMatchObject({ status: 'expired', reviewedBy: 'system:expiry' });
    expect((await depositRow(recent.id)).status).toBe('pending');
    // The channel is free again for that member: a new tap is a new order.
    const next = (await payOnline(member.token, '120.00')).json().value;
    expect(next.id).not.toBe(old.id);
    expect(next.status).toBe('pending');
  });

  it('reads the deadline from the merchant cashier setting, and never hands back an overdue order', async () => {
    await updateMerchant(t.app, site.merchant.id, { settings: { cashier: { onlineDepositExpiryMinutes: 5 } } });
    try {
      const member = await player();
      const start = new Date(Date.now() - 6 * MINUTE);
      t.setNow(start);
      const order = (await payOnline(member.token, '110.00')).json().value;
      expect(Date.parse(order.expiresAt)).toBe(start.getTime() + 5 * MINUTE);
      useRealClock(t);
      // No job has run yet: the member's next tap closes the overdue order instead of reusing it.
      const next = await payOnline(member.token, '110.00');
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json().value.id).not.toBe(order.id);
      expect((await depositRow(order.id)).status).toBe('expired');
    } finally {
      await updateMerchant(t.app, site.merchant.id, { settings: { cashier: {} } });
    }
  });
});

describe('a provider callback after the order closed', () => {
  it('credits a signed payment of a cancelled or expired order once, marked paid after; ignores a late failure', async () => {
    const member = await player();
    const cancelledOrder = (await payOnline(member.token, '210.00')).json().value;
    await cancel(member.token, cancelledOrder.id);

    // A late failure of a closed order changes nothing (and the provider is not told to retry).
    const lateFailure = await signedCallback(cancelledOrder.id, 'failed');
    expect(lateFailure.statusCode).toBe(200);
    expect(lateFailure.json()).toEqual({ received: true, status: 'cancelled' });
    // A forged payment is refused and credits nothing.
    const forged = await signedCallback(cancelledOrder.id, 'paid', { signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(401);
    expect(await balanceOf(member.token)).toBe('0.00');

    const paid = await signedCallback(cancelledOrder.id, 'paid');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ received: true, status: 'approved' });
    expect(await depositRow(cancelledOrder.id)).toMatchObject({ status: 'approved', paidAfter: 'cancelled' });
    // The provider delivers it again: credited once.
    expect((await signedCallback(cancelledOrder.id, 'paid')).json()).toEqual({ received: true, status: 'approved' });
    expect(await balanceOf(member.token)).toBe('210.00');

    t.setNow(new Date(Date.now() - 40 * MINUTE));
    const expiredOrder = (await payOnline(member.token, '150.00')).json().value;
    useRealClock(t);
    await runJobOnce(t.app.db, expireOnlineDepositsJob(t.app.db), new Date(Date.now() + 2 * MINUTE));
    expect((await depositRow(expiredOrder.id)).status).toBe('expired');
    expect((await signedCallback(expiredOrder.id, 'paid')).json()).toEqual({ received: true, status: 'approved' });
    expect(await depositRow(expiredOrder.id)).toMatchObject({ status: 'approved', paidAfter: 'expired' });
    expect(await balanceOf(member.token)).toBe('360.00');

    const listed = await client.call('GET', CASHIER_PATHS.deposits, { token: member.token });
    const shown = listed.json().value.filter((row: { id: number }) => [cancelledOrder.id, expiredOrder.id].includes(row.id));
    expect(shown.map((row: { paidAfter: string }) => row.paidAfter).sort()).toEqual(['cancelled', 'expired']);
    await expectLedgerOk();
  });
});

describe('the back office and online orders', () => {
  it('cannot approve or reject an online order; marks one paid only with the provider reference, audited', async () => {
    const member = await player();
    const order = (await payOnline(member.token, '400.00')).json().value;

    const listed = await client.call('GET', `${OPERATOR_CASHIER_PATHS.deposits}?status=pending`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    const row = listed.json().value.find((item: { id: number }) => item.id === order.id);
    expect(row).toMatchObject({ channelKind: 'gateway', reference: null, expiresAt: order.expiresAt });

    const approve = await operator(OPERATOR_CASHIER_PATHS.depositApprove.replace(':id', String(order.id)));
    expect(approve.statusCode).toBe(409);
    expect(approve.json().code).toBe('DEPOSIT_SETTLED_BY_GATEWAY');
    const reject = await operator(OPERATOR_CASHIER_PATHS.depositReject.replace(':id', String(order.id)), { note: 'not paid' });
    expect(reject.json().code).toBe('DEPOSIT_SETTLED_BY_GATEWAY');
    expect((await depositRow(order.id)).status).toBe('pending');
    expect(await balanceOf(member.token)).toBe('0.00');

    const markPaid = OPERATOR_CASHIER_PATHS.depositMarkPaid.replace(':id', String(order.id));
    const withoutReference = await operator(markPaid, { note: 'callback lost' });
    expect(withoutReference.statusCode).toBe(422);
    expect((await operator(markPaid, { reference: ' ', note: 'callback lost' })).statusCode).toBe(422);
    expect(await balanceOf(member.token)).toBe('0.00');

    const reference = `PRV${uniqueSuffix(10)}`;
    const marked = await operator(markPaid, { reference, note: 'paid at the provider, callback lost' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().value).toMatchObject({ status: 'approved', reference });
    expect(await balanceOf(member.token)).toBe('400.00');
    const audit = await t.app.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.action, 'deposit.marked_paid'));
    expect(audit.map((entry) => entry.targetId)).toContain(String(order.id));
    // The provider's callback arrives after all: credited once.
    expect((await signedCallback(order.id, 'paid')).json()).toEqual({ received: true, status: 'approved' });
    expect(await balanceOf(member.token)).toBe('400.00');

    // One provider payment cannot credit a second order.
    const second = (await payOnline(member.token, '400.00')).json().value;
    const reused = await operator(OPERATOR_CASHIER_PATHS.depositMarkPaid.replace(':id', String(second.id)), {
      reference,
      note: 'same payment again',
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().value).toMatchObject({ reason: 'reference_already_credited' });

    // A manual deposit keeps its approve button and has no mark-paid.
    const bkash = await channel('bkash');
    const manual = (
      await client.call('POST', CASHIER_PATHS.deposits, {
        token: member.token,
        body: { channelId: bkash.id, amount: '200.00', reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: key() },
      })
    ).json().value;
    const manualMark = await operator(OPERATOR_CASHIER_PATHS.depositMarkPaid.replace(':id', String(manual.id)), {
      reference: 'ANYTHING1',
      note: 'wrong button',
    });
    expect(manualMark.statusCode).toBe(400);
    expect((await operator(OPERATOR_CASHIER_PATHS.depositApprove.replace(':id', String(manual.id)))).statusCode).toBe(200);
    expect(await balanceOf(member.token)).toBe('600.00');
    await expectLedgerOk();
  });
});

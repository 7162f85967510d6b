import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts } from '../../db/schema/accounts';
import { depositChannels } from '../../db/schema/cashier';
import { jobRuns } from '../../db/schema/platform';
import { runJobOnce } from '../../platform/scheduler';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueSuffix, updateMerchant } from '../../test/factories';
import { withoutDepositTurnover } from '../../test/promotions-test-kit';
import { verifyLedger } from '../wallet/verify-ledger';
import { autoConfirmWithdrawalsJob } from './auto-confirm-withdrawals';
import { signSandboxBody } from './sandbox-gateway';
import { seedDepositChannels } from './seed-deposit-channels';

const PAY = 'Pay@2025x';
const OPERATOR_TOKEN = 'operator-token-for-cashier-tests';

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

beforeAll(async () => {
  // The sandbox gateway is a demo's (payment-sandbox.test.ts shows a site without it).
  t = await buildTestApp({
    config: { OPERATOR_TOKEN, SEED_DEMO: true, PAYMENT_SANDBOX: true, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kismat-cashier-')) },
  });
  site = await createMerchant(t.app.db);
  // Withdrawals here are about the cashier, not bonus turnover (promotions-core.test.ts has that).
  await withoutDepositTurnover(t.app.db, site.merchant.id);
  await seedDepositChannels(t.app.db, site.merchant.id, { paymentSandbox: true });
  client = new TestClient(t.app, site.host);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function expectLedgerOk() {
  const verdict = await verifyLedger(t.app.db);
  expect(verdict.ok, JSON.stringify(verdict)).toBe(true);
}

const key = () => `k-${uniqueSuffix(12)}`;

async function player(options: { uplineId?: number; type?: number; paymentPassword?: string | null } = {}) {
  const created = await createMember(t.app.db, site.merchant.id, {
    paymentPassword: options.paymentPassword === undefined ? PAY : options.paymentPassword,
    ...(options.uplineId ? { uplineId: options.uplineId } : {}),
    ...(options.type !== undefined ? { type: options.type } : {}),
  });
  const token = await client.login(created.member.username, created.password ?? '');
  return { ...created, token };
}

async function channel(code: string) {
  const rows = await t.app.db.select().from(depositChannels).where(eq(depositChannels.merchantId, site.merchant.id));
  const found = rows.find((row) => row.code === code);
  if (!found) throw new Error(`no channel ${code}`);
  return found;
}

async function balanceOf(token: string): Promise<string> {
  const response = await client.call('GET', '/wps/v2/wallets/balance', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.balance as string;
}

const operator = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  client.call(method, url, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, ...(body !== undefined ? { body } : {}) });

/** A member with `amount` credited through an approved bKash deposit. */
async function fundedPlayer(amount: string, options: { uplineId?: number; type?: number } = {}) {
  const member = await player(options);
  const bkash = await channel('bkash');
  const created = await client.call('POST', '/wps/v2/cashier/deposits', {
    token: member.token,
    body: { channelId: bkash.id, amount, reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: key() },
  });
  expect(created.statusCode, created.body).toBe(200);
  const approved = await operator('POST', `/admin-api/cashier/deposits/${created.json().value.id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  return member;
}

async function bindBank(memberId: number): Promise<number> {
  const [row] = await t.app.db
    .insert(bankAccounts)
    .values({
      memberId,
      merchantId: site.merchant.id,
      accountName: 'Test Person',
      accountNumber: `10${uniqueSuffix(10).replace(/[a-f]/g, '7')}`,
      bankName: 'Dutch-Bangla Bank',
      confirmedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('bank insert');
  return row.id;
}

describe('deposits', () => {
  it('lists the seeded channels with limits and a labelled sandbox', async () => {
    const member = await player();
    const response = await client.call('GET', '/wps/v2/cashier/deposit/channels', { token: member.token });
    expect(response.statusCode).toBe(200);
    const codes = response.json().value.map((row: { code: string }) => row.code);
    expect(codes).toEqual(['bkash', 'nagad', 'bank', 'sandbox']);
    expect(response.json().value[3]).toMatchObject({ kind: 'gateway', isSandbox: true, minAmount: '100.00' });
  });

  it('credits a manual deposit once however often it is approved, and notifies once', async () => {
    const member = await player();
    const bkash = await channel('bkash');
    const idempotencyKey = key();
    const body = { channelId: bkash.id, amount: '500.00', reference: 'TRX12345678' };
    const first = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body,
      headers: { 'idempotency-key': idempotencyKey },
    });
    const retry = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body,
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.json().value.id).toBe(first.json().value.id);
    const changed = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { ...body, amount: '600.00' },
      headers: { 'idempotency-key': idempotencyKey },
    });
    expect(changed.json().code).toBe('IDEMPOTENCY_CONFLICT');

    const id = first.json().value.id as number;
    const pending = await operator('GET', '/admin-api/cashier/deposits?status=pending');
    expect(pending.json().value.some((row: { id: number }) => row.id === id)).toBe(true);
    const approvals = await Promise.all([1, 2, 3].map(() => operator('POST', `/admin-api/cashier/deposits/${id}/approve`, {})));
    for (const approval of approvals) expect(approval.statusCode, approval.body).toBe(200);
    expect(await balanceOf(member.token)).toBe('500.00');
    const rejectAfter = await operator('POST', `/admin-api/cashier/deposits/${id}/reject`, { note: 'too late' });
    expect(rejectAfter.json().code).toBe('REQUEST_NOT_PENDING');
    const inbox = await client.call('GET', '/wps/v2/notifications', { token: member.token });
    expect(inbox.json().value.items.map((row: { kind: string }) => row.kind)).toEqual(['deposit_credited']);
    await expectLedgerOk();
  });

  it('refuses amounts outside the channel range, a missing reference and a missing key', async () => {
    const member = await player();
    const bkash = await channel('bkash');
    const low = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: bkash.id, amount: '1.00', reference: 'TRX12345', idempotencyKey: key() },
    });
    expect(low.json().code).toBe('AMOUNT_OUT_OF_RANGE');
    const noRef = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: bkash.id, amount: '300.00', idempotencyKey: key() },
    });
    expect(noRef.json().code).toBe('VALIDATION_FAILED');
    const noKey = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: bkash.id, amount: '300.00', reference: 'TRX12345' },
    });
    expect(noKey.json().code).toBe('VALIDATION_FAILED');
  });

  it('rejects a manual deposit without credit and tells the member', async () => {
    const member = await player();
    const nagad = await channel('nagad');
    const created = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: nagad.id, amount: '250.00', reference: 'NGD123456', idempotencyKey: key() },
    });
    const rejected = await operator('POST', `/admin-api/cashier/deposits/${created.json().value.id}/reject`, { note: 'not found' });
    expect(rejected.json().value.status).toBe('rejected');
    expect(await balanceOf(member.token)).toBe('0.00');
    const inbox = await client.call('GET', '/wps/v2/notifications', { token: member.token });
    expect(inbox.json().value.items[0].kind).toBe('deposit_failed');
  });

  it('accepts a png proof and refuses other files', async () => {
    const member = await player();
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const form = (bytes: Buffer, name: string) => {
      const boundary = `----b${uniqueSuffix(8)}`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    };
    const good = form(png, 'proof.png');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/wps/v2/cashier/uploads',
      payload: good.payload,
      headers: { ...good.headers, host: site.host, authorization: `Bearer ${member.token}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const bad = form(Buffer.from('GIF89a not an allowed image'), 'x.png');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/wps/v2/cashier/uploads',
      payload: bad.payload,
      headers: { ...bad.headers, host: site.host, authorization: `Bearer ${member.token}` },
    });
    expect(refused.json().code).toBe('UPLOAD_INVALID');
    const bank = await channel('bank');
    const deposit = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: {
        channelId: bank.id,
        amount: '1500.00',
        reference: 'DBBL998877',
        proofUploadId: uploaded.json().value.uploadId,
        idempotencyKey: key(),
      },
    });
    expect(deposit.json().value.hasProof).toBe(true);
  });
});

describe('sandbox gateway', () => {
  it('credits on a paid callback once, duplicates and replays included', async () => {
    const member = await player();
    const sandbox = await channel('sandbox');
    const created = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: sandbox.id, amount: '300.00', idempotencyKey: key() },
    });
    expect(created.json().value.payUrl).toContain('sandboxDeposit=');
    const paid = await client.call('POST', '/wps/v2/cashier/sandbox/pay', {
      token: member.token,
      body: { depositId: created.json().value.id, outcome: 'paid', isDuplicated: true },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value.deliveries).toEqual([200, 200]);
    expect(paid.json().value.deposit.status).toBe('approved');
    const again = await client.call('POST', '/wps/v2/cashier/sandbox/pay', {
      token: member.token,
      body: { depositId: created.json().value.id, outcome: 'paid' },
    });
    expect(again.json().value.deliveries).toEqual([200]);
    // A late failure after the credit changes nothing.
    await client.call('POST', '/wps/v2/cashier/sandbox/pay', {
      token: member.token,
      body: { depositId: created.json().value.id, outcome: 'failed' },
    });
    expect(await balanceOf(member.token)).toBe('300.00');
    await expectLedgerOk();
  });

  it('refuses a bad signature and a tampered amount, and fails a payment without credit', async () => {
    const member = await player();
    const sandbox = await channel('sandbox');
    const created = await client.call('POST', '/wps/v2/cashier/deposits', {
      token: member.token,
      body: { channelId: sandbox.id, amount: '200.00', idempotencyKey: key() },
    });
    const deposit = created.json().value;
    const [row] = await t.app.db.select().from(depositChannels).where(eq(depositChannels.id, sandbox.id));
    const { depositRequests } = await import('../../db/schema/cashier');
    const [stored] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.id, deposit.id));
    const event = {
      eventId: 'e1',
      gatewayTransactionId: stored?.gatewayTransactionId ?? '',
      depositId: deposit.id,
      amount: '200.00',
      status: 'paid',
    };
    const raw = JSON.stringify(event);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/payment-callback/sandbox',
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': '0'.repeat(64) },
    });
    expect(forged.statusCode).toBe(401);
    const tamperedRaw = JSON.stringify({ ...event, amount: '20000.00' });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/payment-callback/sandbox',
      payload: tamperedRaw,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxBody(row?.providerSettings.secret ?? '', tamperedRaw),
      },
    });
    expect(tampered.statusCode).toBe(409);
    const failed = await client.call('POST', '/wps/v2/cashier/sandbox/pay', {
      token: member.token,
      body: { depositId: deposit.id, outcome: 'failed', isDuplicated: true },
    });
    expect(failed.json().value.deposit.status).toBe('failed');
    expect(await balanceOf(member.token)).toBe('0.00');
    await expectLedgerOk();
  });
});

describe('withdrawals', () => {
  it('holds at request, posts at approval, and records the member confirmation', async () => {
    const member = await fundedPlayer('1000.00');
    const bankAccountId = await bindBank(member.member.id);
    const idempotencyKey = key();
    const body = { bankAccountId, amount: '400.00', paymentPassword: PAY, idempotencyKey };
    const [first, retry] = await Promise.all([
      client.call('POST', '/wps/v2/cashier/withdrawals', { token: member.token, body }),
      client.call('POST', '/wps/v2/cashier/withdrawals', { token: member.token, body }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.json().value.id).toBe(first.json().value.id);
    expect(await balanceOf(member.token)).toBe('600.00');
    const id = first.json().value.id as number;
    const approvals = await Promise.all([1, 2].map(() => operator('POST', `/admin-api/cashier/withdrawals/${id}/approve`, {})));
    for (const approval of approvals) expect(approval.statusCode, approval.body).toBe(200);
    expect(approvals[0]?.json().value.confirmation).toBe('awaiting');
    const balances = (await client.call('GET', '/wps/v2/wallets/balance', { token: member.token })).json().value;
    expect(balances).toMatchObject({ balance: '600.00', cash: '600.00', held: '0.00' });
    const partial = await client.call('POST', `/wps/v2/cashier/withdrawals/${id}/confirm`, {
      token: member.token,
      body: { outcome: 'partial', receivedAmount: '150.00' },
    });
    expect(partial.json().value).toMatchObject({ confirmation: 'partial', receivedAmount: '150.00', remainingAmount: '250.00' });
    const changeMind = await client.call('POST', `/wps/v2/cashier/withdrawals/${id}/confirm`, {
      token: member.token,
      body: { outcome: 'received' },
    });
    expect(changeMind.json().code).toBe('REQUEST_NOT_PENDING');
    const inbox = await client.call('GET', '/wps/v2/notifications', { token: member.token });
    expect(inbox.json().value.items.map((row: { kind: string }) => row.kind)).toEqual(['withdrawal_approved', 'deposit_credited']);
    await expectLedgerOk();
  });

  it('releases the hold on rejection', async () => {
    const member = await fundedPlayer('800.00');
    const bankAccountId = await bindBank(member.member.id);
    const created = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '800.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(await balanceOf(member.token)).toBe('0.00');
    const rejected = await operator('POST', `/admin-api/cashier/withdrawals/${created.json().value.id}/reject`, { note: 'name mismatch' });
    expect(rejected.json().value.status).toBe('rejected');
    expect(await balanceOf(member.token)).toBe('800.00');
    const approveAfter = await operator('POST', `/admin-api/cashier/withdrawals/${created.json().value.id}/approve`, {});
    expect(approveAfter.json().code).toBe('REQUEST_NOT_PENDING');
    await expectLedgerOk();
  });

  it('counts an unanswered payout as received after the merchant timeout, once across nodes', async () => {
    const member = await fundedPlayer('500.00');
    const bankAccountId = await bindBank(member.member.id);
    const created = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '200.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    await operator('POST', `/admin-api/cashier/withdrawals/${created.json().value.id}/approve`, {});
    const job = autoConfirmWithdrawalsJob(t.app.db);
    const early = new Date(Date.now() + 5 * 60_000);
    await runJobOnce(t.app.db, job, early);
    let list = await client.call('GET', '/wps/v2/cashier/withdrawals', { token: member.token });
    expect(list.json().value[0].confirmation).toBe('awaiting');
    const late = new Date(Date.now() + 31 * 60_000);
    const runs = await Promise.all([runJobOnce(t.app.db, job, late), runJobOnce(t.app.db, job, late)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    const claims = await t.app.db.select().from(jobRuns).where(eq(jobRuns.job, job.name));
    expect(claims.length).toBeGreaterThanOrEqual(2);
    list = await client.call('GET', '/wps/v2/cashier/withdrawals', { token: member.token });
    expect(list.json().value[0]).toMatchObject({ confirmation: 'auto_received', receivedAmount: '200.00', remainingAmount: '0.00' });
    expect(await balanceOf(member.token)).toBe('300.00');
    await expectLedgerOk();
  });

  it('needs a payment password, a bound bank account, enough funds and stays within daily limits', async () => {
    const member = await fundedPlayer('2000.00');
    const noBank = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId: 999999, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(noBank.json().code).toBe('BANK_ACCOUNT_REQUIRED');
    const bankAccountId = await bindBank(member.member.id);
    const wrong = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '100.00', paymentPassword: 'wrong', idempotencyKey: key() },
    });
    expect(wrong.json().code).toBe('PAYMENT_PASSWORD_INVALID');
    const tooMuch = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '3000.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
    await updateMerchant(t.app, site.merchant.id, {
      settings: { cashier: { withdrawDailyMaxCount: 2, withdrawDailyMaxAmount: '700.00' } },
    });
    try {
      const ok1 = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '300.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(ok1.statusCode, ok1.body).toBe(200);
      const overAmount = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '500.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(overAmount.json().code).toBe('WITHDRAWAL_LIMIT_REACHED');
      const ok2 = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(ok2.statusCode).toBe(200);
      const overCount = await client.call('POST', '/wps/v2/cashier/withdrawals', {
        token: member.token,
        body: { bankAccountId, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() },
      });
      expect(overCount.json().code).toBe('WITHDRAWAL_LIMIT_REACHED');
    } finally {
      await updateMerchant(t.app, site.merchant.id, { settings: { cashier: {} } });
    }
    const noPassword = await player({ paymentPassword: null });
    const refused = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: noPassword.token,
      body: { bankAccountId, amount: '100.00', paymentPassword: 'x', idempotencyKey: key() },
    });
    expect(refused.json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
    await expectLedgerOk();
  });
});

describe('transfers', () => {
  it('moves cash down the tree and up to the direct upline only, once per key', async () => {
    const agent = await fundedPlayer('1000.00', { type: MEMBER_TYPE.AGENT_1 });
    const child = await player({ uplineId: agent.member.id });
    const grandchild = await player({ uplineId: child.member.id });
    const stranger = await player();

    const downlines = await client.call('GET', '/wps/v2/wallets/downlines', { token: agent.token });
    expect(
      downlines
        .json()
        .value.map((row: { id: number }) => row.id)
        .sort(),
    ).toEqual([child.member.id, grandchild.member.id].sort());

    const idempotencyKey = key();
    const body = { downlineId: grandchild.member.id, amount: '250.00', paymentPassword: PAY, idempotencyKey };
    const sends = await Promise.all([1, 2, 3].map(() => client.call('POST', '/wps/v2/wallets/transferFund', { token: agent.token, body })));
    for (const send of sends) expect(send.statusCode, send.body).toBe(200);
    expect(await balanceOf(agent.token)).toBe('750.00');
    expect(await balanceOf(grandchild.token)).toBe('250.00');

    const outside = await client.call('POST', '/wps/v2/wallets/transferFund', {
      token: agent.token,
      body: { ...body, downlineId: stranger.member.id, idempotencyKey: key() },
    });
    expect(outside.json().code).toBe('NOT_IN_TEAM');
    const byPlayer = await client.call('POST', '/wps/v2/wallets/transferFund', {
      token: child.token,
      body: { ...body, idempotencyKey: key() },
    });
    expect(byPlayer.json().code).toBe('AGENT_ONLY');
    const badPassword = await client.call('POST', '/wps/v2/wallets/transferFund', {
      token: agent.token,
      body: { ...body, paymentPassword: 'nope', idempotencyKey: key() },
    });
    expect(badPassword.json().code).toBe('PAYMENT_PASSWORD_INVALID');

    const up = await client.call('POST', '/wps/v2/wallets/transferUpline', {
      token: grandchild.token,
      body: { amount: '50.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(up.json().value).toMatchObject({ toUsername: child.member.username, amount: '50.00', balance: '200.00' });
    const noUpline = await client.call('POST', '/wps/v2/wallets/transferUpline', {
      token: stranger.token,
      body: { amount: '1.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(noUpline.json().code).toBe('NOT_IN_TEAM');
    const overdraw = await client.call('POST', '/wps/v2/wallets/transferUpline', {
      token: grandchild.token,
      body: { amount: '500.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    expect(overdraw.json().code).toBe('INSUFFICIENT_FUNDS');

    await updateMerchant(t.app, site.merchant.id, { settings: { cashier: { transferDailyMaxAmount: '300.00' } } });
    try {
      const overDaily = await client.call('POST', '/wps/v2/wallets/transferFund', {
        token: agent.token,
        body: { ...body, amount: '100.00', idempotencyKey: key() },
      });
      expect(overDaily.json().code).toBe('TRANSFER_LIMIT_REACHED');
    } finally {
      await updateMerchant(t.app, site.merchant.id, { settings: { cashier: {} } });
    }
    await expectLedgerOk();
  });
});

describe('trial players and records', () => {
  it('gives trial players play money and refuses every real-money call', async () => {
    const trial = await createMember(t.app.db, site.merchant.id, { type: MEMBER_TYPE.TRIAL });
    const token = await client.login(trial.member.username, trial.password ?? '');
    const first = await client.call('GET', '/wps/v2/wallets/balance', { token });
    const second = await client.call('GET', '/wps/v2/wallets/balance', { token });
    expect(first.json().value).toMatchObject({ balance: '0.00', trial: '2000.00' });
    expect(second.json().value.trial).toBe('2000.00');
    const calls: [string, string, unknown][] = [
      ['GET', '/wps/v2/cashier/deposit/channels', undefined],
      ['POST', '/wps/v2/cashier/deposits', { channelId: 1, amount: '100.00', reference: 'TRX12345', idempotencyKey: key() }],
      ['POST', '/wps/v2/cashier/withdrawals', { bankAccountId: 1, amount: '100.00', paymentPassword: PAY, idempotencyKey: key() }],
      ['POST', '/wps/v2/wallets/transferUpline', { amount: '1.00', paymentPassword: PAY, idempotencyKey: key() }],
      ['GET', '/wps/v2/wallets/transactions', undefined],
    ];
    for (const [method, url, body] of calls) {
      const response = await client.call(method as 'GET' | 'POST', url, { token, ...(body ? { body } : {}) });
      expect(response.json().code, url).toBe('TRIAL_FORBIDDEN');
    }
    await expectLedgerOk();
  });

  it('lists cash history with type and date filters, paging and totals', async () => {
    const member = await fundedPlayer('1000.00');
    const bankAccountId = await bindBank(member.member.id);
    const withdrawal = await client.call('POST', '/wps/v2/cashier/withdrawals', {
      token: member.token,
      body: { bankAccountId, amount: '300.00', paymentPassword: PAY, idempotencyKey: key() },
    });
    await operator('POST', `/admin-api/cashier/withdrawals/${withdrawal.json().value.id}/approve`, {});
    const all = await client.call('GET', '/wps/v2/wallets/transactions', { token: member.token });
    expect(all.json().value).toMatchObject({ total: 2, totals: { credited: '1000.00', debited: '300.00', net: '700.00' } });
    const deposits = await client.call('GET', '/wps/v2/wallets/transactions', { token: member.token, query: { type: 'deposit' } });
    expect(deposits.json().value.items.map((row: { amount: string }) => row.amount)).toEqual(['1000.00']);
    const paged = await client.call('GET', '/wps/v2/wallets/transactions', { token: member.token, query: { pageSize: '1', page: '2' } });
    expect(paged.json().value.items[0].type).toBe('deposit');
    const future = await client.call('GET', '/wps/v2/wallets/transactions', {
      token: member.token,
      query: { from: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.json().value.total).toBe(0);
  });
});

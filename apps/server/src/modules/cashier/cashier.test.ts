import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositChannels } from '../../db/schema/cashier';
import type { TestApp } from '../../test/build-test-app';
import { type TestClient, type TestMerchant, uniqueSuffix } from '../../test/factories';
import { cashierKit, useCashierSite } from './cashier-test-kit';
import { signSandboxBody } from './sandbox-gateway';

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

useCashierSite((opened) => {
  ({ t, site, client } = opened);
});

const { expectLedgerOk, key, player, channel, balanceOf, operator } = cashierKit(() => ({ t, site, client }));

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
    // The reviewer's note is the reason the member reads.
    expect(inbox.json().value.items[0]).toMatchObject({ kind: 'deposit_failed', reason: 'not found' });
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

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema/accounts';
import { depositChannels, depositRequests } from '../db/schema/cashier';
import { seedDepositChannels } from '../modules/cashier/seed-deposit-channels';
import { buildTestApp, freshDataDir, type TestApp } from '../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueSuffix } from '../test/factories';

/*
 * Issue 11, finding 13: inputs Postgres cannot take answered 500 INTERNAL_ERROR. A NUL byte in
 * a nickname, an address, a reject note or a game search (SQLSTATE 22021), a channelId beyond
 * the integer column (22003), an operator update with nothing to change. Each is the caller's
 * mistake: 422 VALIDATION_FAILED naming the field, and nothing changes.
 */

const OPERATOR_TOKEN = 'operator-token-for-input-refusal-tests';
const NUL = '\u0000';

let t: TestApp;
let site: TestMerchant;
let client: TestClient;
let token: string;
let memberId: number;

beforeAll(async () => {
  t = await buildTestApp({
    config: { OPERATOR_TOKEN, DATA_DIR: freshDataDir('refusals') },
    // The net under the schemas: a value no schema checked reaches Postgres.
    extend: (app) =>
      app.post('/test/unchecked-text', async (request) => {
        const { text } = request.body as { text: string };
        await app.db.execute(sql`select ${text}::text`);
        return { ok: true };
      }),
  });
  site = await createMerchant(t.app.db);
  await seedDepositChannels(t.app.db, site.merchant.id);
  client = new TestClient(t.app, site.host);
  const created = await createMember(t.app.db, site.merchant.id);
  memberId = created.member.id;
  token = await client.login(created.member.username, created.password ?? '');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const operator = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  client.call(method, url, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, ...(body !== undefined ? { body } : {}) });

function expectRefused(response: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { code: string; value: { fields: { field: string }[] } };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.value.fields.map((entry) => entry.field)).toContain(field);
}

describe('control characters', () => {
  it('a NUL byte in the nickname or the address is refused and nothing changes', async () => {
    const nickname = await client.call('PUT', '/wps/member/security/profile', { token, body: { nickname: `Ali${NUL}` } });
    expectRefused(nickname, 'nickname');
    const address = await client.call('PUT', '/wps/member/security/profile', { token, body: { address: `Road 1${NUL}Dhaka` } });
    expectRefused(address, 'address');
    // Other C0 controls too (escape sequences that rewrite a terminal or a log line).
    expectRefused(await client.call('PUT', '/wps/member/security/profile', { token, body: { nickname: 'Ali\u001b[2J' } }), 'nickname');
    const [member] = await t.app.db.select().from(members).where(eq(members.id, memberId));
    expect(member?.nickname).not.toContain(NUL);
  });

  it('tab, line feed and carriage return stay allowed where text is free', async () => {
    const response = await client.call('PUT', '/wps/member/security/profile', { token, body: { address: 'House 4\r\nRoad 7\tDhaka' } });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('a NUL byte in a game search is refused', async () => {
    const response = await client.call('GET', `/lgw/games/list?keyword=${encodeURIComponent(`dragon${NUL}`)}`);
    expectRefused(response, 'keyword');
    expect((await client.call('GET', '/lgw/games/list?keyword=dragon')).statusCode).toBe(200);
  });

  it('a NUL byte in a reject note is refused and the deposit stays pending', async () => {
    const channels = await t.app.db.select().from(depositChannels).where(eq(depositChannels.merchantId, site.merchant.id));
    const bkash = channels.find((row) => row.code === 'bkash');
    const created = await client.call('POST', '/wps/v2/cashier/deposits', {
      token,
      body: { channelId: bkash?.id, amount: '500.00', reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: `k-${uniqueSuffix(12)}` },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as number;
    const rejected = await operator('POST', `/admin-api/cashier/deposits/${id}/reject`, { note: `fake${NUL} slip` });
    expectRefused(rejected, 'note');
    const [deposit] = await t.app.db.select().from(depositRequests).where(eq(depositRequests.id, id));
    expect(deposit?.status).toBe('pending');
  });

  it('what a schema misses is still a 422: Postgres refusing a NUL byte is the caller input, not a 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/test/unchecked-text', payload: { text: `a${NUL}b` } });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('ids beyond the integer columns', () => {
  it('channelId 999999999999 is refused, not a 500', async () => {
    const response = await client.call('POST', '/wps/v2/cashier/deposits', {
      token,
      body: { channelId: 999_999_999_999, amount: '500.00', reference: `TRX${uniqueSuffix(8)}`, idempotencyKey: `k-${uniqueSuffix(12)}` },
    });
    expectRefused(response, 'channelId');
  });

  it('a game node id or an operator id beyond the column is refused', async () => {
    expectRefused(await client.call('GET', '/wps/game/launchGame?nodeId=999999999999', { token }), 'nodeId');
    expectRefused(await operator('PATCH', '/admin-api/operators/999999999999', { role: 'support' }), 'id');
  });
});

describe('operator update', () => {
  it('PATCH /admin-api/operators/:id with nothing to change is refused', async () => {
    const created = await operator('POST', '/admin-api/operators', {
      username: `sup${uniqueSuffix(6)}`,
      password: 'Long-enough-1',
      role: 'support',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().value.id as number;
    const empty = await operator('PATCH', `/admin-api/operators/${id}`, {});
    expect(empty.statusCode, empty.body).toBe(422);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    const changed = await operator('PATCH', `/admin-api/operators/${id}`, { role: 'finance' });
    expect([changed.statusCode, changed.json().value?.role]).toEqual([200, 'finance']);
  });
});

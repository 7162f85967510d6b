import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant } from '../../test/factories';

let t: TestApp;
let site: TestMerchant;

beforeAll(async () => {
  t = await buildTestApp();
  site = await createMerchant(t.app.db);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type TestSocket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

function nextMessage(socket: TestSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))));
}

it('authenticates by first message and delivers only that member’s messages', async () => {
  const client = new TestClient(t.app, site.host);
  const alice = await createMember(t.app.db, site.merchant.id);
  const token = await client.login(alice.member.username, alice.password ?? '');
  const socket = await t.app.injectWS('/ws', { headers: { host: site.host } });
  const ready = nextMessage(socket);
  socket.send(JSON.stringify({ token }));
  expect(await ready).toEqual({ type: 'ready' });
  const pushed = nextMessage(socket);
  await t.app.realtime.publish({ merchantId: site.merchant.id, memberId: alice.member.id + 1_000_000, message: { type: 'other' } });
  await t.app.realtime.publish({ merchantId: site.merchant.id, memberId: alice.member.id, message: { type: 'notification' } });
  expect(await pushed).toEqual({ type: 'notification' });
  socket.terminate();
});

it('closes a socket with an unknown token', async () => {
  const socket = await t.app.injectWS('/ws', { headers: { host: site.host } });
  const reply = nextMessage(socket);
  socket.send(JSON.stringify({ token: 'a'.repeat(40) }));
  const message = await reply;
  expect(message).toEqual({ type: 'error', code: 'AUTH_REQUIRED' });
  socket.terminate();
});

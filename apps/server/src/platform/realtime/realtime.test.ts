import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { members, sessions } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import { createMember, TestClient, type TestMerchant, uniqueIp } from '../../test/factories';
import { useShop } from '../../test/shop-fixture';
import { SESSION_ENDED_CLOSE_CODE } from './realtime-hub';
import { SESSION_RECHECK_MS } from './register-realtime';

let t: TestApp;
let site: TestMerchant;

useShop((fixture) => {
  ({ t, shop: site } = fixture);
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

describe('a socket of an ended session (issue 11 item 15)', () => {
  /** A logged-in member's socket, authenticated by first message; collects what arrives after ready. */
  async function openSocket(client: TestClient, token: string) {
    const socket = await t.app.injectWS('/ws', { headers: { host: site.host } });
    const ready = nextMessage(socket);
    socket.send(JSON.stringify({ token }));
    expect(await ready).toEqual({ type: 'ready' });
    const received: Record<string, unknown>[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString())));
    const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
    return { socket, received, closed, client };
  }

  const balancePush = (memberId: number) =>
    t.app.realtime.publish({ merchantId: site.merchant.id, memberId, message: { type: 'balance', balance: '999.00' } });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  /** The revocation notice closes at once, well before the periodic re-check would. */
  const soon = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('not closed by the revocation notice')), SESSION_RECHECK_MS / 3)),
    ]);

  it('closes at logout and receives no balance push afterwards', async () => {
    const client = new TestClient(t.app, site.host);
    const alice = await createMember(t.app.db, site.merchant.id);
    const token = await client.login(alice.member.username, alice.password ?? '', { ip: uniqueIp() });
    const open = await openSocket(client, token);

    const logout = await client.call('DELETE', '/wps/session/logout', { token });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await soon(open.closed)).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(open.received).toEqual([{ type: 'error', code: 'SESSION_EXPIRED' }]);
    await balancePush(alice.member.id);
    await settle();
    expect(open.received).toEqual([{ type: 'error', code: 'SESSION_EXPIRED' }]);
    expect(t.app.realtime.connectionCount(alice.member.id)).toBe(0);
  });

  it('a password change elsewhere closes every other session’s socket; a socket of an untouched member keeps its pushes', async () => {
    const client = new TestClient(t.app, site.host);
    const bob = await createMember(t.app.db, site.merchant.id);
    const carol = await createMember(t.app.db, site.merchant.id);
    const onPhone = await client.login(bob.member.username, bob.password ?? '', { ip: uniqueIp() });
    const onLaptop = await client.login(bob.member.username, bob.password ?? '', { ip: uniqueIp() });
    const carolToken = await client.login(carol.member.username, carol.password ?? '', { ip: uniqueIp() });
    const phone = await openSocket(client, onPhone);
    const bystander = await openSocket(client, carolToken);

    const changed = await client.call('POST', '/wps/member/password', {
      token: onLaptop,
      body: { oldPassword: bob.password, newPassword: 'Rotated#2031', confirmNewPassword: 'Rotated#2031' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await soon(phone.closed)).toBe(SESSION_ENDED_CLOSE_CODE);
    await balancePush(bob.member.id);
    await balancePush(carol.member.id);
    await settle();
    expect(phone.received).toEqual([{ type: 'error', code: 'SESSION_EXPIRED' }]);
    expect(bystander.received).toEqual([{ type: 'balance', balance: '999.00' }]);
    bystander.socket.terminate();
  });

  it('the periodic re-check closes a socket whose session expired or whose account was frozen', async () => {
    const client = new TestClient(t.app, site.host);
    const dave = await createMember(t.app.db, site.merchant.id);
    const erin = await createMember(t.app.db, site.merchant.id);
    const expiring = await openSocket(client, await client.login(dave.member.username, dave.password ?? '', { ip: uniqueIp() }));
    const freezing = await openSocket(client, await client.login(erin.member.username, erin.password ?? '', { ip: uniqueIp() }));
    // No revocation notice for these: an idle session runs out, an operator freezes the account.
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.memberId, dave.member.id));
    await t.app.db.update(members).set({ status: 'FROZEN' }).where(eq(members.id, erin.member.id));
    await t.app.recheckRealtimeSessions();
    expect(await expiring.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await freezing.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    await balancePush(dave.member.id);
    await settle();
    expect(expiring.received).toEqual([{ type: 'error', code: 'SESSION_EXPIRED' }]);
  });
});

import { randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Config, testConfig } from '../../config';
import { seedDatabase } from '../../seed/seed';
import { startPostgresProxy } from '../../test/postgres-proxy';
import { createTestDatabase } from '../../test/test-database';
import { createFundedMember, openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { type Database, openPostgres } from '../db';
import { REALTIME_APPLICATION_NAME, REALTIME_CHANNEL, SESSION_ENDED_CLOSE_CODE } from './realtime-hub';
import { SESSION_RECHECK_MS } from './register-realtime';

/*
 * Issue 11, finding 2, on the realtime side. Postgres going away must not take the process
 * down, and the realtime fan-out must come back with it:
 * - a /ws authentication while the database is unreachable rejected with nobody to catch it,
 *   and an unhandled rejection ends a Node process;
 * - the LISTEN connection (a dedicated client when the server fans out across nodes, a pooled
 *   one in a single process) never reconnected after pg_terminate_backend: pushes from other
 *   nodes and revocation notices were lost until a restart, and the dead pooled client kept
 *   its pool slot.
 */

const adminUrl = process.env.DATABASE_URL;
const VENDOR = 'PT';
let database: Database | undefined;
/** The test database, for the outside connection that terminates backends and sends NOTIFYs. */
let admin: pg.Client | undefined;
let closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createTestDatabase();
  await seedDatabase(database.db, { demo: false });
  admin = new pg.Client({ connectionString: databaseUrl() });
  await admin.connect();
}, 60_000);

afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

afterAll(async () => {
  await admin?.end();
  await database?.close();
});

/** The test database's URL, optionally through another host and port. */
function databaseUrl(change?: (url: URL) => void): string {
  const url = new URL(adminUrl ?? '');
  url.pathname = new URL(database?.location ?? '').pathname;
  change?.(url);
  return url.toString();
}

/** The real app on its own pool; `DATABASE_URL` in the config makes it fan out over its own listener. */
async function appOn(url: string, options: { config?: Partial<Config>; poolMax?: number } = {}): Promise<FastifyInstance> {
  const pool = openPostgres({ url, poolMax: options.poolMax ?? 4, connectTimeoutMs: 2000, statementTimeoutMs: 5000 });
  const app = await buildApp({ config: testConfig(options.config), database: pool, serveWeb: false });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await pool.close();
  });
  return app;
}

/** A TCP proxy in front of Postgres (test/postgres-proxy.ts), closed with the suite. */
async function startProxy() {
  const proxy = await startPostgresProxy(adminUrl ?? '');
  closers.push(() => proxy.close());
  return proxy;
}

type TestSocket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

/** A /ws socket that sent `token` as its first message, collecting what arrives and how it closes. */
async function openSocket(app: FastifyInstance, host: string, token: string) {
  const socket: TestSocket = await app.injectWS('/ws', { headers: { host } });
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
  socket.send(JSON.stringify({ token }));
  closers.push(async () => socket.terminate());
  return { socket, messages, closed };
}

async function expectReady(socket: Awaited<ReturnType<typeof openSocket>>): Promise<void> {
  await expect.poll(() => socket.messages.some((message) => message.type === 'ready'), { timeout: 5000 }).toBe(true);
}

/**
 * Backends of the test database that listen on the realtime channel: the dedicated listeners by
 * their application name, or those whose last statement was the LISTEN (a pooled listener; a
 * new dedicated one before it published anything).
 */
async function listeningBackends(filter: { applicationName?: string; isJustListening?: boolean }): Promise<number[]> {
  const { rows } = await (admin as pg.Client).query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND ($1::text IS NULL OR application_name = $1) AND (NOT $2 OR query ILIKE 'LISTEN%')`,
    [filter.applicationName ?? null, filter.isJustListening ?? false],
  );
  return rows.map((row) => row.pid);
}

async function terminate(pids: number[]): Promise<void> {
  await (admin as pg.Client).query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
}

/** Waits until `count` listeners are back on new backends (the terminated ones are gone). */
async function expectListenersBack(terminated: number[], count: number, applicationName?: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (await listeningBackends({ isJustListening: true, ...(applicationName ? { applicationName } : {}) })).filter(
          (pid) => !terminated.includes(pid),
        ).length,
      {
        timeout: 10_000,
        interval: 100,
      },
    )
    .toBe(count);
}

describe.skipIf(!adminUrl)('realtime when Postgres drops connections (issue 11, finding 2)', () => {
  it('a /ws authentication while the database is unreachable closes that socket with 1011; the process keeps serving', async () => {
    const proxy = await startProxy();
    const app = await appOn(
      databaseUrl((url) => {
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
      }),
    );
    const { merchant, token } = await createFundedMember(app, 0n);
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', collect);
    closers.push(async () => {
      process.off('unhandledRejection', collect);
    });

    await proxy.refuse();
    const during = await openSocket(app, merchant.mainDomain, token);
    // Well before the 10 s authentication timeout, which closes with 4401.
    const code = await Promise.race([during.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))]);
    expect(code).toBe(1011);
    // A rejection nobody handles ends a Node process (the default since Node 15).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(unhandled).toEqual([]);
    expect(during.messages).toEqual([]);

    // Back without a restart: the same token authenticates once the database answers again.
    await proxy.restore();
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/healthz' })).statusCode, { timeout: 10_000 }).toBe(200);
    const after = await openSocket(app, merchant.mainDomain, token);
    await expectReady(after);
    expect(unhandled).toEqual([]);
  });

  it('one process: the pooled LISTEN connection comes back after pg_terminate_backend and a logout closes the socket at once', async () => {
    // Two connections: if the dead listener kept its slot, the new listener would take the
    // last one and every request would wait for a connection until it timed out.
    const app = await appOn(databaseUrl(), { poolMax: 2 });
    const { merchant, token, client } = await createFundedMember(app, 0n);
    const open = await openSocket(app, merchant.mainDomain, token);
    await expectReady(open);

    for (let drop = 0; drop < 2; drop += 1) {
      const listeners = await listeningBackends({ isJustListening: true });
      expect(listeners).toHaveLength(1);
      await terminate(listeners);
      await expectListenersBack(listeners, 1);
    }
    // The revocation notice reaches the socket: well before the periodic re-check would close it.
    const logout = await client.call('DELETE', '/wps/session/logout', { token });
    expect(logout.statusCode, logout.body).toBe(200);
    const code = await Promise.race([
      open.closed,
      new Promise((resolve) => setTimeout(() => resolve('still open'), SESSION_RECHECK_MS / 3)),
    ]);
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(open.messages.at(-1)).toEqual({ type: 'error', code: 'SESSION_EXPIRED' });
  });

  it('across nodes: after both listeners are terminated, a balance change on one node reaches a socket on the other', async () => {
    const url = databaseUrl();
    const nodeA = await appOn(url, { config: { DATABASE_URL: url } });
    const nodeB = await appOn(url, { config: { DATABASE_URL: url } });
    expect(nodeA.realtime.isDistributed && nodeB.realtime.isDistributed).toBe(true);
    const opened = await openVendorSession(nodeA, VENDOR, 100_00n);
    const page = await openSocket(nodeA, opened.merchant.mainDomain, opened.token);
    await expectReady(page);
    const balances = () => page.messages.filter((message) => message.type === 'balance').map((message) => message.balance);
    const betOnB = (amount: string) =>
      vendorCall(nodeB, VENDOR, VENDOR_API_PATHS.bet, {
        ...opened.session,
        transactionUuid: randomUUID(),
        roundId: randomUUID(),
        amount,
      });

    // The fan-out works before the drop (otherwise the test below proves nothing).
    expect(await betOnB('10.00')).toMatchObject({ status: 'RS_OK', balance: '90.00' });
    await expect.poll(() => balances().at(-1), { timeout: 5000 }).toBe('90.00');

    const listeners = await listeningBackends({ applicationName: REALTIME_APPLICATION_NAME });
    expect(listeners).toHaveLength(2);
    await terminate(listeners);
    await expectListenersBack(listeners, 2, REALTIME_APPLICATION_NAME);

    expect(await betOnB('15.00')).toMatchObject({ status: 'RS_OK', balance: '75.00' });
    await expect.poll(() => balances().at(-1), { timeout: 5000 }).toBe('75.00');
    // And a NOTIFY from outside any node (a job, another service) reaches it too.
    const envelope = {
      merchantId: opened.merchant.id,
      memberId: opened.member.id,
      message: { type: 'balance', balance: '75.00', trialBalance: '0.00' },
    };
    const before = page.messages.length;
    await (admin as pg.Client).query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(envelope)]);
    await expect.poll(() => page.messages.length, { timeout: 5000 }).toBe(before + 1);
  });
});

import { randomBytes } from 'node:crypto';
import { LANGUAGES } from '@kismat/contracts/languages';
import { SYSTEM_PATHS } from '@kismat/contracts/system';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { seedDatabase } from '../seed/seed';
import { startPostgresProxy } from '../test/postgres-proxy';
import { createTestDatabase } from '../test/test-database';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-errors';
import { type Database, openPostgres } from './db';
import { messageFor } from './messages';

/*
 * Issue 11, finding 20: a database outage answered 500 INTERNAL_ERROR, which tells a client the
 * failure is our bug and final. Now every way the database can be unreachable (refused,
 * silent until the connect timeout, out of connections, dropping connections) answers a
 * retryable 503 SERVICE_UNAVAILABLE with Retry-After, in the caller's language.
 */

const adminUrl = process.env.DATABASE_URL;
const closers: (() => Promise<void>)[] = [];
let database: Database | undefined;

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createTestDatabase();
  await seedDatabase(database.db, { demo: false });
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await database?.close();
});

/** The test database's URL with another host, port or user. */
function databaseUrl(change: (url: URL) => void): string {
  const url = new URL(adminUrl ?? '');
  url.pathname = new URL(database?.location ?? '').pathname;
  change(url);
  return url.toString();
}

async function appOn(url: string, connectTimeoutMs = 2000): Promise<FastifyInstance> {
  const pool: Database = openPostgres({ url, poolMax: 2, connectTimeoutMs, statementTimeoutMs: 5000 });
  const app = await buildApp({ config: testConfig(), database: pool, serveWeb: false });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await pool.close();
  });
  // Up first: the outage comes while the server runs, as it does in production.
  expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  return app;
}

/** The proxy the test cuts (test/postgres-proxy.ts), closed with the suite. */
async function startProxy() {
  const proxy = await startPostgresProxy(adminUrl ?? '');
  closers.push(() => proxy.close());
  return proxy;
}

async function expectRetryable(app: FastifyInstance): Promise<void> {
  for (const language of LANGUAGES) {
    const response = await app.inject({ method: 'GET', url: SYSTEM_PATHS.status, headers: { language } });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: messageFor('SERVICE_UNAVAILABLE', language),
      value: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
    });
  }
}

describe.skipIf(!adminUrl)('database outage', () => {
  it('a database that goes away answers a retryable 503 in the caller language, then recovers', async () => {
    const proxy = await startProxy();
    const app = await appOn(
      databaseUrl((url) => {
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
      }),
    );
    await proxy.refuse();
    await expectRetryable(app);
    // Logins too: a member retries instead of being told something is broken for good.
    const login = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'username', username: 'someone', password: 'whatever1' },
    });
    expect([login.statusCode, login.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    // Back without a restart: the pool opens new connections.
    await proxy.restore();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: SYSTEM_PATHS.status })).statusCode).toBe(200);
  });

  it('a server that never answers the handshake answers 503 after the connect timeout', async () => {
    const proxy = await startProxy();
    const app = await appOn(
      databaseUrl((url) => {
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
      }),
      300,
    );
    proxy.blackhole();
    await expectRetryable(app);
  });

  it('too many connections (SQLSTATE 53300) answers 503', async () => {
    // Postgres refuses a role over its connection limit with 53300, as when max_connections is reached.
    const role = `kismat_noconn_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    const url = databaseUrl((value) => {
      value.username = role;
      value.password = '';
    });
    const app = await appOn(url);
    closers.push(async () => {
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    });
    await admin.query(`ALTER ROLE ${role} CONNECTION LIMIT 0`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
    const probe = new pg.Client({ connectionString: url });
    const refused = await probe.connect().then(
      () => null,
      (error: unknown) => error,
    );
    await probe.end().catch(() => undefined);
    expect((refused as { code?: string } | null)?.code).toBe('53300');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    await expectRetryable(app);
  });
});

describe('isDatabaseUnavailable', () => {
  // Shapes node-postgres and Drizzle produce (a DatabaseError carries the SQLSTATE in `code`).
  const driverError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

  it.each(['57P01', '57P02', '57P03', '53300', '08006', '08001', '08P01'])('%s is an outage', (code) => {
    expect(isDatabaseUnavailable(wrapped(driverError(code)))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('"%s" is an outage', (message) => {
    expect(isDatabaseUnavailable(wrapped(new Error(message)))).toBe(true);
  });

  it('a refused dual-stack connect (AggregateError of ECONNREFUSED) is an outage', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'connect failed'))).toBe(true);
  });

  it.each(['23505', '22021', '22003', '40001', '42P01'])('%s is not an outage', (code) => {
    expect(isDatabaseUnavailable(wrapped(driverError(code)))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { LANGUAGES } from '@kismat/contracts/languages';
import { SYSTEM_PATHS } from '@kismat/contracts/system';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { freePort } from '../test/crash-harness';
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

afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

async function appOn(url: string, connectTimeoutMs = 2000): Promise<FastifyInstance> {
  const database: Database = openPostgres({ url, poolMax: 2, connectTimeoutMs, statementTimeoutMs: 5000 });
  const app = await buildApp({ config: testConfig(), database, serveWeb: false });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
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

describe('database outage', () => {
  it('a refused connection answers a retryable 503 in the caller language', async () => {
    const port = await freePort();
    const app = await appOn(`postgres://postgres@127.0.0.1:${port}/kismat`);
    await expectRetryable(app);
    // Logins too: a member retries instead of being told something is broken for good.
    const login = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'username', username: 'someone', password: 'whatever1' },
    });
    expect([login.statusCode, login.json().code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
  });

  it('a server that never answers the handshake answers 503 after the connect timeout', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const address = silent.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const app = await appOn(`postgres://postgres@127.0.0.1:${address.port}/kismat`, 300);
    await expectRetryable(app);
  });

  it.skipIf(!adminUrl)('too many connections (SQLSTATE 53300) answers 503', async () => {
    // A role allowed no connection at all: Postgres refuses it with 53300, as when max_connections is reached.
    const role = `kismat_noconn_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 0`);
    closers.push(async () => {
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    });
    const url = new URL(adminUrl ?? '');
    url.username = role;
    url.password = '';
    const probe = new pg.Client({ connectionString: url.toString() });
    const refused = await probe.connect().then(
      () => null,
      (error: unknown) => error,
    );
    await probe.end().catch(() => undefined);
    expect((refused as { code?: string } | null)?.code).toBe('53300');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    await expectRetryable(await appOn(url.toString()));
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

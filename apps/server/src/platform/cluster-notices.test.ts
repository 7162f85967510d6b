import { randomInt } from 'node:crypto';
import { CATALOGUE_PATHS } from '@kismat/contracts/catalogue';
import { ENCRYPTION_PATHS } from '@kismat/contracts/encryption';
import { SESSION_PATHS } from '@kismat/contracts/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { announceCatalogueChange, trackCatalogueCache } from '../modules/catalogue/index';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createFundedMember, defaultMerchant } from '../test/vendor-test-kit';
import { type Database, openPostgres } from './db';
import { rowsOf } from './sql-values';

/*
 * Two nodes (two apps, each with its own pool) on one PostgreSQL, as behind the balancer (issue 20):
 * a revocation or a catalogue change on one empties the other's per-process caches at once, and
 * with REDIS_URL a public per-IP limit counts across both instead of once per node.
 */
const url = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MEMBER_LIST = `${CATALOGUE_PATHS.gameList}?gameType=RNG&pageNo=1&pageSize=20&gameClassify=ALL`;

describe.skipIf(!url)('cluster: two nodes on one database', () => {
  let a: TestApp;
  let bDatabase: Database;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let host: string;

  beforeAll(async () => {
    a = await buildTestApp({ config: { REDIS_URL, PUBLIC_RATE_LIMIT_SCALE: 0.05 } });
    const [row] = rowsOf<{ name: string }>(await a.app.db.execute('select current_database() as name'));
    const nodeUrl = new URL(url as string);
    nodeUrl.pathname = `/${row?.name}`;
    bDatabase = openPostgres({ url: nodeUrl.toString(), poolMax: 5, connectTimeoutMs: 30_000, statementTimeoutMs: 15_000 });
    b = await buildApp({
      config: testConfig({ REDIS_URL, PUBLIC_RATE_LIMIT_SCALE: 0.05 }),
      database: bDatabase,
      serveWeb: false,
    });
    await b.ready();
    host = (await defaultMerchant(a.app)).host;
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  const until = async (check: () => Promise<boolean>, withinMs: number) => {
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if (await check()) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`not within ${withinMs} ms`);
  };

  it("a logout on one node is refused by the other node's catalogue at once, not after its session cache lapses", async () => {
    const alice = await createFundedMember(a.app, 0n);
    const readOnB = () => b.inject({ url: MEMBER_LIST, headers: { host, authorization: `Bearer ${alice.token}` } });
    expect((await readOnB()).statusCode).toBe(200);
    expect((await readOnB()).statusCode).toBe(200); // remembered on B now (SESSION_READ_TTL_MS)

    expect((await alice.client.call('DELETE', SESSION_PATHS.logout, { token: alice.token })).statusCode).toBe(200);
    // B's cache would have trusted the token for up to 5 s; the notice makes it a round trip.
    const tookMs = await until(async () => (await readOnB()).statusCode === 401, 2000);
    expect(tookMs).toBeLessThan(2000);
  });

  it("an operator's catalogue change on one node empties the other node's catalogue caches", async () => {
    let clearedOnB = 0;
    trackCatalogueCache(b.db, { clear: () => clearedOnB++ });
    await announceCatalogueChange(a.app.db);
    await until(async () => clearedOnB > 0, 2000);
    expect(clearedOnB).toBe(1);
  });

  it('a per-IP public limit counts across both nodes in Redis (6 a minute here), not 6 per node', async () => {
    // A fresh address per run: counts of an earlier run in the same Redis minute do not leak in.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const statuses: number[] = [];
    for (let call = 0; call < 12; call++) {
      const node = call % 2 === 0 ? a.app : b;
      statuses.push((await node.inject({ url: ENCRYPTION_PATHS.publicKey, headers: { host }, remoteAddress })).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429, 429, 429]);
  });
});

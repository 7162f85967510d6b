import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { crashEngineLeases, crashRounds } from '../../db/schema/crash';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant, type TestMerchant } from '../../test/factories';
import { CrashEngine } from './crash-engine';
import { crashPublisherOf } from './crash-push';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two app instances on one database, each with its crash engine (as two server processes would
 * run): one leads each merchant, the other waits; when the leader stops (a killed process stops
 * renewing), the other takes over within a lease.
 */
describe('crash engine across two app instances', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let site: TestMerchant;

  beforeAll(async () => {
    t = await buildTestApp();
    site = await createMerchant(t.app.db);
    second = await buildApp({ config: testConfig(), database: t.database, now: () => new Date(), serveWeb: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('runs each merchant once, and a second instance takes over after the leader stops', async () => {
    const pushes: string[] = [];
    const engine = (app: typeof second, node: string) =>
      new CrashEngine({
        db: app.db,
        publisher: {
          async publishToMerchant(merchantId, message) {
            if (merchantId === site.merchant.id && message.event === 'round')
              pushes.push(`${node}:${message.round.roundId}:${message.round.phase}`);
            await crashPublisherOf(app).publishToMerchant(merchantId, message);
          },
        },
        now: () => new Date(),
        node,
        tickMs: 50,
        leaseMs: 900,
      });
    const first = engine(t.app, 'node-a');
    const other = engine(second, 'node-b');
    const stopFirst = first.start();
    await sleep(150);
    const stopOther = other.start();
    await sleep(1_500);

    expect(first.isLeaderOf(site.merchant.id)).toBe(true);
    expect(other.isLeaderOf(site.merchant.id)).toBe(false);
    const [lease] = await t.app.db.select().from(crashEngineLeases).where(eq(crashEngineLeases.merchantId, site.merchant.id));
    expect(lease?.node).toBe('node-a');
    const rounds = await t.app.db.select().from(crashRounds).where(eq(crashRounds.merchantId, site.merchant.id));
    expect(rounds).toHaveLength(1);
    expect(pushes).toEqual([`node-a:${rounds[0]?.id}:BETTING`]);

    // The leader dies without a word: its lease is not handed back, it only stops renewing.
    await first.halt();
    await sleep(1_800);
    expect(other.isLeaderOf(site.merchant.id)).toBe(true);
    const [taken] = await t.app.db.select().from(crashEngineLeases).where(eq(crashEngineLeases.merchantId, site.merchant.id));
    expect(taken?.node).toBe('node-b');
    // It carried on with the same round (its timeline is in the row), not a second one.
    expect(await t.app.db.select().from(crashRounds).where(eq(crashRounds.merchantId, site.merchant.id))).toHaveLength(1);
    expect(pushes.at(-1)).toBe(`node-b:${rounds[0]?.id}:BETTING`);
    await stopOther();
    await stopFirst();
    expect(await t.app.db.select().from(crashEngineLeases).where(eq(crashEngineLeases.merchantId, site.merchant.id))).toHaveLength(0);
  });
});

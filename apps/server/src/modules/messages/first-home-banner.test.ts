import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { merchantDomains, merchants } from '../../db/schema/merchants';
import { banners } from '../../db/schema/system';
import type { Database } from '../../platform/db';
import { seedDatabase } from '../../seed/seed';
import { createTestDatabase } from '../../test/test-database';
import { FirstHomeBanners } from './index';

/** The member site's page loads of home name its first banner in a preload header (issue 16 item 6). */
describe('home page preload of the first home banner', () => {
  let database: Database;
  let app: FastifyInstance;
  let defaultMerchantId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db, { demo: false });
    // A second site with no banners at all.
    const [bare] = await database.db.insert(merchants).values({ code: 'NO-BANNERS', name: 'No banners' }).returning({ id: merchants.id });
    await database.db.insert(merchantDomains).values({ merchantId: bare?.id ?? 0, domain: 'nobanners.test' });
    const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true));
    defaultMerchantId = merchant?.id ?? 0;
    const webDist = mkdtempSync(path.join(tmpdir(), 'kismat-home-preload-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>member</title>');
    app = await buildApp({ config: testConfig({ WEB_DIST_DIR: webDist }), database, serveWeb: true, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** The web's pick from the relay's banner list: w_home, no video, in the language or every language, by sort then id. */
  const expectedUrl = async (language: string) => {
    const rows = await database.db
      .select({ url: banners.url })
      .from(banners)
      .where(
        and(
          eq(banners.merchantId, defaultMerchantId),
          eq(banners.groupName, 'w_home'),
          ne(banners.linkageType, 'VIDEO'),
          eq(banners.isActive, true),
          or(isNull(banners.language), eq(banners.language, language)),
        ),
      )
      .orderBy(asc(banners.sort), asc(banners.id))
      .limit(1);
    expect(rows[0]?.url).toBeTruthy();
    return rows[0]?.url;
  };

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('names the first home banner in the default language (BN) on every home path, at high priority', async () => {
    const bn = await expectedUrl('BN');
    for (const url of ['/', '/home', '/index', '/home/']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>member</title>');
      expect(response.headers.link, url).toBe(`<${bn}>; rel=preload; as=image; fetchpriority=high`);
    }
  });

  it('names the banner of the language the visitor chose (the lang cookie), the one the relay lists first', async () => {
    const en = await expectedUrl('EN');
    expect(en).not.toBe(await expectedUrl('BN'));
    expect((await page('/', { cookie: 'lang=EN' })).headers.link).toBe(`<${en}>; rel=preload; as=image; fetchpriority=high`);
    const relay = await app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B&platform=W&language=EN' });
    const listed = relay
      .json()
      .value.banners.find(
        (item: { groupName: string; linkageType: string }) => item.groupName === 'w_home' && item.linkageType !== 'VIDEO',
      );
    expect(listed?.url).toBe(en);
  });

  it('sends no header for a merchant without home banners', async () => {
    const response = await page('/', { host: 'nobanners.test' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>member</title>');
    expect(response.headers.link).toBeUndefined();
  });

  it('sends no header on other pages or on API answers', async () => {
    const other = await page('/member/deposit');
    expect(other.body).toContain('<title>member</title>');
    expect(other.headers.link).toBeUndefined();
    const relay = await app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B' });
    expect(relay.statusCode).toBe(200);
    expect(relay.headers.link).toBeUndefined();
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers.link).toBeUndefined();
    const missingApi = await page('/wps/home');
    expect(missingApi.statusCode).toBe(404);
    expect(missingApi.headers.link).toBeUndefined();
  });

  it('reads the database at most once per merchant and language while the entry is fresh', async () => {
    let reads = 0;
    const counting = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'select') reads += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const cache = new FirstHomeBanners(counting, () => new Date(), 60_000);
    const [first, second] = await Promise.all([cache.find(defaultMerchantId, 'BN'), cache.find(defaultMerchantId, 'BN')]);
    expect(first).toBe(await expectedUrl('BN'));
    expect(second).toBe(first);
    expect(await cache.find(defaultMerchantId, 'EN')).toBe(await expectedUrl('EN'));
    expect(reads).toBe(2);
    const expired = new FirstHomeBanners(counting, () => new Date(), 0);
    await expired.find(defaultMerchantId, 'BN');
    await expired.find(defaultMerchantId, 'BN');
    expect(reads).toBe(4);
  });
});

import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { merchantDomains, merchants } from '../db/schema/merchants';
import { banners } from '../db/schema/system';
import { seedDatabase } from '../seed/seed';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './db';
import { FIRST_SCREEN_LABELS, renderFirstScreen } from './home-first-screen';

/** The web's own page source: its cover markers and first-screen template are what the server fills. */
const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const HOSTILE = `/lgw/x.svg" onerror="alert(1)"><script>alert(2)</script><img src='y`;

/** Home's first screen from the HTML (issue 16 item 6): the header bar and the first banner. */
describe('home page first screen', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db, { demo: false });
    const [bare] = await database.db.insert(merchants).values({ code: 'NO-BANNERS', name: 'No banners' }).returning({ id: merchants.id });
    await database.db.insert(merchantDomains).values({ merchantId: bare?.id ?? 0, domain: 'nobanners.test' });
    const [hostile] = await database.db.insert(merchants).values({ code: 'HOSTILE', name: 'Hostile' }).returning({ id: merchants.id });
    await database.db.insert(merchantDomains).values({ merchantId: hostile?.id ?? 0, domain: 'hostile.test' });
    await database.db
      .insert(banners)
      .values({ merchantId: hostile?.id ?? 0, code: 'hostile', groupName: 'w_home', title: 'x', url: HOSTILE, sort: -1 });
    const webDist = mkdtempSync(path.join(tmpdir(), 'kismat-first-screen-'));
    copyFileSync(path.join(WEB_DIR, 'index.html'), path.join(webDist, 'index.html'));
    app = await buildApp({ config: testConfig({ WEB_DIST_DIR: webDist }), database, serveWeb: true, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } });
  const firstBanner = async (language: string) => {
    const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.isDefault, true));
    const rows = await database.db
      .select()
      .from(banners)
      .where(eq(banners.merchantId, merchant?.id ?? 0));
    const listed = rows
      .filter(
        (row) => row.groupName === 'w_home' && row.linkageType !== 'VIDEO' && row.isActive && (!row.language || row.language === language),
      )
      .sort((a, b) => a.sort - b.sort || a.id - b.id);
    expect(listed[0]?.url).toBeTruthy();
    return listed[0]?.url ?? '';
  };
  /** What the browser renders: the page without its comments (the template stays one on other pages). */
  const rendered = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '');
  const bannerSrc = (html: string) => /<img class="fs-banner" src="([^"]*)"/.exec(html)?.[1];

  it('paints the header bar and the first home banner in place of the loading cover on every home path', async () => {
    const bn = await firstBanner('BN');
    for (const url of ['/', '/home', '/index', '/index.html']) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      const html = response.body;
      expect(rendered(html), url).toContain('<div id="first-screen" aria-hidden="true">');
      expect(bannerSrc(html), url).toBe(bn);
      expect(html).toContain('fetchpriority="high"');
      expect(html).toContain(`>${FIRST_SCREEN_LABELS.BN.login}<`);
      expect(html).toContain(`>${FIRST_SCREEN_LABELS.BN.register}<`);
      // No cover over it, no template left, no slot unfilled; the app's root and script stay.
      expect(html).not.toContain('id="loading-cover"');
      expect(html).not.toContain('first-screen:template');
      expect(html).not.toContain('{{');
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module"');
    }
  });

  it("uses the visitor's language (the lang cookie) for the banner and the labels", async () => {
    const en = await firstBanner('EN');
    const html = (await page('/', { cookie: 'lang=EN' })).body;
    expect(bannerSrc(html)).toBe(en);
    expect(html).toContain(`>${FIRST_SCREEN_LABELS.EN.login}<`);
    expect(html).not.toContain(FIRST_SCREEN_LABELS.BN.login);
  });

  it('keeps a hostile banner address inside its attribute', async () => {
    const html = (await page('/', { host: 'hostile.test' })).body;
    expect(html).toContain('id="first-screen"');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).not.toContain('onerror="alert');
    expect(html).toContain(
      'src="/lgw/x.svg&#34; onerror=&#34;alert(1)&#34;&#62;&#60;script&#62;alert(2)&#60;/script&#62;&#60;img src=&#39;y"',
    );
    // The only scripts are the page's own.
    expect(html.match(/<script/g)?.length).toBe(1);
  });

  it('keeps the loading cover without a banner, on other pages and never answers the API with it', async () => {
    const bare = await page('/', { host: 'nobanners.test' });
    expect(bare.statusCode).toBe(200);
    expect(rendered(bare.body)).toContain('id="loading-cover"');
    expect(rendered(bare.body)).not.toContain('id="first-screen"');
    for (const url of ['/sports', '/member/deposit', '/home/x']) {
      const other = await page(url);
      expect(other.statusCode, url).toBe(200);
      expect(rendered(other.body), url).toContain('id="loading-cover"');
      expect(rendered(other.body), url).not.toContain('id="first-screen"');
    }
    const relay = await app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B' });
    expect(relay.body).not.toContain('first-screen');
  });

  it('answers compressed when asked, the same page', async () => {
    const plain = (await page('/')).body;
    const br = await page('/', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await page('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('stays within the Content-Security-Policy: no new style or script, the style block the policy hashes', async () => {
    const response = await page('/');
    const html = response.body;
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256')
      .update(styles[0] ?? '')
      .digest('base64');
    expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/\son[a-z]+=/);
  });

  it("carries the web's own header labels", () => {
    for (const [language, labels] of Object.entries(FIRST_SCREEN_LABELS)) {
      const strings = JSON.parse(readFileSync(path.join(WEB_DIR, 'src/locales', `${language.toLowerCase()}.json`), 'utf8'));
      expect(labels, language).toEqual({ login: strings.header.login, register: strings.header.register });
    }
  });

  it('leaves a page without the template as it is', () => {
    expect(renderFirstScreen('<!doctype html><title>x</title>', '/a.svg', 'BN')).toBeNull();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowser } from '../support/browser';
import { englishContext, logInMember, openSite } from '../support/member-login';

/*
 * Issue 16, items 6 and 7: the built site's files are answered precompressed (brotli, gzip)
 * with the right cache headers, and the site is an installable app whose service worker keeps
 * the offline page and hashed files but never an API answer (balances, sessions: /wps, /lgw and
 * the other API prefixes). Offline, a page shows "you are offline" with a retry.
 */

const baseUrl = inject('baseUrl');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };
/** The server's API prefixes (apps/server/src/platform/web-static.ts) and the back office's. */
const API_PREFIXES = ['/wps', '/lgw', '/lotto', '/vendor-api', '/admin-api', '/admin', '/api', '/docs', '/healthz', '/ws'];

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The entry script and stylesheet the built index.html names. */
async function builtAssets(): Promise<{ script: string; style: string }> {
  const html = await (await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } })).text();
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const style = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  if (!script || !style) throw new Error('index.html names no entry script or stylesheet');
  return { script, style };
}

/** Every URL in every cache the page's origin holds (what the service worker stored). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

describe('web performance and the installable app', () => {
  const browser = useBrowser();

  it('answers built files precompressed in the encoding asked for, hashed ones cached for a year, pages revalidated', async () => {
    const { script, style } = await builtAssets();
    for (const file of [script, style]) {
      const plain = await fetch(`${baseUrl}${file}`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      const original = await plain.text();
      for (const encoding of ['br', 'gzip'] as const) {
        const response = await fetch(`${baseUrl}${file}`, { headers: { 'accept-encoding': encoding } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        // fetch decodes the body: what arrives is the file itself, not a different build.
        expect(await response.text()).toBe(original);
      }
      // A browser asks for both and gets brotli, the smaller one.
      const both = await fetch(`${baseUrl}${file}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(both.headers.get('content-encoding')).toBe('br');
    }
    for (const page of ['/', '/member?page=depositv2', '/sw.js']) {
      const response = await fetch(`${baseUrl}${page}`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('is installable: a manifest with standalone display and 192/512 and maskable icons that exist', async () => {
    const html = await (await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
    const response = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      display: string;
      start_url: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url.startsWith('/')).toBe(true);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const png = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of png) {
      const image = await fetch(`${baseUrl}${icon.src}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await image.arrayBuffer());
      // PNG header, then the IHDR width: the file is the size the manifest says.
      expect([...bytes.slice(1, 4)].map((byte) => String.fromCharCode(byte)).join('')).toBe('PNG');
      const width = new DataView(bytes.buffer).getUint32(16);
      expect(`${width}x${width}`).toBe(icon.sizes);
    }
  });

  it('the service worker keeps hashed files and never a /wps or /lgw answer; offline, a page says so and retries', {
    timeout: 180_000,
  }, async () => {
    const context = await englishContext(browser(), true);
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (isApiPath(pathname)) apiCalls.push(pathname);
    });

    await openSite(page, baseUrl, '/');
    // Registered after the first screen; it takes the open page over (clients.claim).
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);

    // A member's pages: money answers under /wps, game lists under /lgw, all through the worker.
    await logInMember(page, baseUrl, PLAYER);
    await openSite(page, baseUrl, '/member?page=depositv2');
    await page.waitForLoadState('networkidle');
    await openSite(page, baseUrl, '/slots');
    await page.waitForLoadState('networkidle');
    await openSite(page, baseUrl, '/');
    await page.waitForLoadState('networkidle');
    expect(apiCalls.some((pathname) => pathname.startsWith('/wps/'))).toBe(true);
    expect(apiCalls.some((pathname) => pathname.startsWith('/lgw/'))).toBe(true);

    const urls = await cachedUrls(page);
    const paths = urls.map((url) => new URL(url).pathname);
    // It does cache: the offline page and the hashed files the pages used...
    expect(paths).toContain('/offline.html');
    expect(paths.filter((pathname) => pathname.startsWith('/assets/')).length).toBeGreaterThan(5);
    // ...and nothing of the API, whatever the pages called.
    expect(paths.filter(isApiPath)).toEqual([]);
    expect(urls.every((url) => new URL(url).origin === new URL(baseUrl).origin)).toBe(true);

    // Offline: a page that cannot be fetched shows the offline page in the member's language.
    await context.setOffline(true);
    await page.goto(`${baseUrl}/promotions`);
    await expect.poll(() => page.getByRole('heading', { name: 'You are offline' }).count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'offline-page-en');
    // Retry asks for the page again (a navigation); still offline, the offline page comes back.
    const reloaded = page.waitForEvent('framenavigated', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Try again' }).click();
    await reloaded;
    await expect.poll(() => page.getByRole('heading', { name: 'You are offline' }).count(), { timeout: 10_000 }).toBe(1);
    // Back online: the page asks again by itself (the online event), and the site opens there.
    // The offline page has no loading cover: wait for its reload to commit first, or the cover check
    // below passes at once on the offline page itself.
    const backOnline = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame(), timeout: 30_000 });
    await context.setOffline(false);
    await backOnline;
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/promotions');
    await expect.poll(() => page.getByRole('heading', { name: 'You are offline' }).count(), { timeout: 15_000 }).toBe(0);
    // The API calls the new page made still went to the network, not into a cache.
    expect((await cachedUrls(page)).map((url) => new URL(url).pathname).filter(isApiPath)).toEqual([]);
    await context.close();
  });

  it('the app-download links open the install page, which shows the install steps', { timeout: 60_000 }, async () => {
    const context = await englishContext(browser(), true);
    const page = await context.newPage();
    await openSite(page, baseUrl, '/app?platform=ios');
    await expect.poll(() => page.getByRole('heading', { name: 'Install the Kismat app' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('heading', { name: 'On iPhone and iPad (Safari)' }).count()).toBe(1);
    expect(await page.getByText('Choose "Add to Home Screen".').count()).toBe(1);
    await screenshot(page, 'install-page-en');
    // The seeded resource links (the QR codes of the side menu and floating bar) point at it.
    const permission = (await (await fetch(`${baseUrl}/wps/system/permission`)).json()) as {
      value: { resources: Record<string, string> };
    };
    expect(permission.value.resources.appDownloadIos).toBe('/app?platform=ios');
    expect(permission.value.resources.appDownloadAndroid).toBe('/app?platform=android');
    await context.close();
  });

  it('home carousels slide by themselves, the dots follow, after the last banner comes the first, both ways (no Swiper)', {
    timeout: 120_000,
  }, async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await openSite(page, baseUrl, '/');
    const banners = page.getByTestId('home-banners');
    const dots = banners.getByRole('button', { name: /^Go to banner \d+$/ });
    await dots.first().waitFor();
    const count = await dots.count();
    expect(count).toBeGreaterThan(1);
    // The copies that make the loop are hidden from assistive technology: one image per banner.
    expect(await banners.getByRole('img').count()).toBe(count);
    expect(await page.locator('[class*="swiper"]').count()).toBe(0);
    const current = async () =>
      Number(/\d+/.exec((await banners.locator('button[aria-current="true"]').getAttribute('aria-label')) ?? '')?.[0]);

    // Autoplay (5 s a banner): each banner in turn, then the first again.
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const banner = await current();
          if (banner && seen.at(-1) !== banner) seen.push(banner);
          return seen.length;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toBeGreaterThan(count);
    for (let index = 1; index < seen.length; index += 1) expect(seen[index]).toBe(((seen[index - 1] ?? 0) % count) + 1);

    // The greeting popup (after load) would cover the arrows.
    await page
      .getByRole('dialog')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    for (let tries = 0; tries < 5 && (await page.getByRole('dialog').count()) > 0; tries += 1) await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // A mouse on the carousel pauses autoplay; a dot and the arrows go round both ways.
    await banners.hover();
    await banners.getByRole('button', { name: 'Go to banner 1', exact: true }).click();
    await expect.poll(current).toBe(1);
    await banners.getByRole('button', { name: 'Previous banner' }).click();
    await expect.poll(current).toBe(count);
    await banners.getByRole('button', { name: 'Next banner' }).click();
    await expect.poll(current).toBe(1);
    await screenshot(page, 'home-carousels');
    await context.close();
  });

  it('home paints its header and first banner from the HTML; the app takes over at the same place, without a shift', {
    timeout: 90_000,
  }, async () => {
    for (const mobile of [true, false]) {
      const context = await newContext(browser(), { mobile });
      const page = await context.newPage();
      // The app's hand-off is noted instead of done, so both screens are measured in one page.
      await page.addInitScript(() => {
        const remove = Element.prototype.remove;
        Element.prototype.remove = function (this: Element) {
          if (this.id === 'first-screen') (window as { handedOff?: boolean }).handedOff = true;
          else remove.call(this);
        };
        (window as { shifts?: number }).shifts = 0;
        // Shifts while the first screen stands (later ones are the app's own, not the hand-off's).
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput && !(window as { handedOff?: boolean }).handedOff)
              (window as { shifts?: number }).shifts = ((window as { shifts?: number }).shifts ?? 0) + entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const response = await page.goto(`${baseUrl}/`);
      const html = (await response?.text()) ?? '';
      // Painted from the HTML: the header bar and the banner, with no loading cover over them.
      expect(html).toMatch(/<img class="fs-banner" src="\/[^"]+"[^>]*fetchpriority="high"/);
      expect(html).not.toContain('id="loading-cover"');
      await page.waitForFunction(() => (window as { handedOff?: boolean }).handedOff, null, { timeout: 30_000 });
      const rects = await page.evaluate(() => {
        const rect = (selector: string) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return box ? [box.x, box.y, box.width, box.height].map(Math.round) : null;
        };
        return {
          staticBanner: rect('.fs-banner'),
          appBanner: rect('[data-testid="home-banners"]'),
          staticRegister: rect('.fs-gold'),
          appRegister: (() => {
            const box = [...document.querySelectorAll('header button')].at(-1)?.getBoundingClientRect();
            return box ? [box.x, box.y, box.width, box.height].map(Math.round) : null;
          })(),
          staticSrc: document.querySelector('.fs-banner')?.getAttribute('src'),
          appSrc: document.querySelector('[data-testid="home-banners"] img[fetchpriority="high"]')?.getAttribute('src'),
        };
      });
      expect(rects.appBanner).not.toBeNull();
      expect(rects.staticBanner, mobile ? 'phone' : 'desktop').toEqual(rects.appBanner);
      expect(rects.staticRegister).toEqual(rects.appRegister);
      expect(rects.staticSrc).toBe(rects.appSrc);
      expect(await page.evaluate(() => (window as { shifts?: number }).shifts ?? 1)).toBeLessThan(0.01);
      await context.close();
    }
    // Another page keeps its loading cover.
    const other = (await (await fetch(`${baseUrl}/sports`, { headers: { accept: 'text/html' } })).text()).replace(/<!--[\s\S]*?-->/g, '');
    expect(other).toContain('<div id="loading-cover"');
    expect(other).not.toContain('id="first-screen"');
  });
});

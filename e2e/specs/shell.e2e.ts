import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { BENGALI, dismissAnnouncementPopup, messages, operatorCall, visibleText } from '../support/site';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const bn = messages('bn');
const en = messages('en');
const sw = messages('sw');

describe('site shell in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await operatorCall(baseUrl, operatorToken, 'PUT', '/admin-api/merchants/KISMAT/maintenance', { on: false });
    await operatorCall(baseUrl, operatorToken, 'PUT', '/admin-api/merchants/KISMAT/region', { ipBlockList: [], ipAllowList: [] });
    await browser.close();
  });

  async function openHome(page: Page, path = '/') {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
  }

  async function openHomeReady(page: Page) {
    await openHome(page);
    await dismissAnnouncementPopup(page);
  }

  it('opens in BN by default, with the navigation in BN order rules', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openHome(page);
    expect(await page.getAttribute('html', 'lang')).toBe('bn');
    const nav = page.getByRole('navigation', { name: bn('shell.mainNav') });
    await expect.poll(async () => ((await nav.textContent()) ?? '').includes(bn('nav.HOME'))).toBe(true);
    const navText = (await nav.textContent()) ?? '';
    // Home is always first and promotions always last.
    expect(navText.indexOf(bn('nav.HOME'))).toBeLessThan(navText.indexOf(bn('nav.LIVE')));
    expect(navText.lastIndexOf(bn('nav.PROMO'))).toBeGreaterThan(navText.indexOf(bn('nav.COCKFIGHT')));
    await screenshot(page, 'shell-home-bn-desktop');
    await context.close();
  });

  it('switches every visible string to EN, keeps it across reloads, and remembers the previous language', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openHomeReady(page);
    await page.locator('select:visible').first().selectOption('EN');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await expect.poll(async () => BENGALI.test(await visibleText(page)), { timeout: 15_000 }).toBe(false);
    expect(await visibleText(page)).toContain(en('nav.HOME'));
    const stored = await page.evaluate(() => ({ lang: localStorage.getItem('lang'), hisLang: localStorage.getItem('hisLang') }));
    expect(stored.lang).toBe('EN');
    expect(stored.hisLang).toBeTruthy();

    await page.reload();
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await dismissAnnouncementPopup(page);
    await expect.poll(async () => (await visibleText(page)).includes(en('nav.PROMO'))).toBe(true);
    expect(BENGALI.test(await visibleText(page))).toBe(false);
    await screenshot(page, 'shell-home-en-desktop');

    await page.locator('select:visible').first().selectOption('SW');
    await expect.poll(async () => (await visibleText(page)).includes(sw('nav.HOME'))).toBe(true);
    expect(await page.getAttribute('html', 'lang')).toBe('sw');
    await context.close();
  });

  it('shows the maintenance page with its planned end when the operator switches maintenance on', async () => {
    const end = new Date(Date.now() + 2 * 3600_000).toISOString();
    await operatorCall(baseUrl, operatorToken, 'PUT', '/admin-api/merchants/KISMAT/maintenance', { on: true, end });
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await openHome(page);
      await page.getByText(bn('status.maintenanceTitle')).waitFor();
      const text = await visibleText(page);
      expect(text).toContain(bn('status.expectedBack'));
      expect(text).not.toContain(bn('status.endUnknown'));
      expect(await page.getByRole('button', { name: bn('status.contactService') }).count()).toBeGreaterThan(0);
      await screenshot(page, 'shell-maintenance-bn-desktop');
    } finally {
      await operatorCall(baseUrl, operatorToken, 'PUT', '/admin-api/merchants/KISMAT/maintenance', { on: false });
    }
    // Two seconds of merchant cache at most, then "check again" brings the site back.
    await expect
      .poll(
        async () => {
          await openHome(page);
          return (await visibleText(page)).includes(bn('status.maintenanceTitle'));
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(false);
    await context.close();
  });

  it('shows the region-blocked page with the visitor IP when the caller is blocked', async () => {
    await operatorCall(baseUrl, operatorToken, 'PUT', '/admin-api/merchants/KISMAT/region', { ipBlockList: ['127.0.0.0/8'] });
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    try {
      await openHome(page);
      await page.getByText(bn('status.restrictedTitle')).waitFor();
      expect(await visibleText(page)).toContain('127.0.0.1');
      await screenshot(page, 'shell-region-blocked-bn-mobile');
    } finally {
      await operatorCall(baseUrl, operatorToken, 'PUT', '/admin-api/merchants/KISMAT/region', { ipBlockList: [] });
    }
    await context.close();
  });

  it('guards member routes, shows the terms at /help#term, and answers unknown pages', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await openHome(page, '/member');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    await openHome(page, '/lottery?gameCode=ELOTT1');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');

    await openHome(page, '/help#term');
    await expect.poll(async () => page.locator('[id="term"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'shell-help-term-bn-desktop');

    await openHome(page, '/no-such-page');
    expect(await visibleText(page)).toContain(bn('notFound.title'));
    await context.close();
  });

  it('works at mobile width with the side menu as a drawer', async () => {
    const context = await newContext(browser, { mobile: true });
    const page = await context.newPage();
    await openHome(page);
    await screenshot(page, 'shell-home-bn-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('answers API errors with envelopes next to the site', async () => {
    const missing = await fetch(`${baseUrl}/wps/no/such/call`, { headers: { language: 'EN' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
    const malformed = await fetch(`${baseUrl}/wps/system/language`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"language":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ success: false, code: 'MALFORMED_JSON' });
  });
});

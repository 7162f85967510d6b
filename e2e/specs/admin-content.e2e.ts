import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowserContexts } from '../support/browser';
import { dismissAnnouncementPopup } from '../support/site';

/**
 * The back office's content desk in a real browser (issue 19): an operator publishes a home
 * banner in BN, EN and SW with the preview of each language, and the member site shows each
 * visitor the banner of their language at the next page load, no restart.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');

async function adminPage(context: BrowserContext): Promise<Page> {
  await context.addInitScript((token) => sessionStorage.setItem('kismat.admin.token', token), operatorToken);
  return context.newPage();
}

/** A visitor whose site language is `language` (the browser itself says en-US: the site's choice wins). */
async function visitorIn(browser: Browser, language: 'BN' | 'EN' | 'SW', mobile: boolean): Promise<BrowserContext> {
  const context = await newContext(browser, { mobile, language: 'en-US' });
  await context.addInitScript((code) => {
    localStorage.setItem('lang', code);
    localStorage.setItem('hisLang', code);
  }, language);
  return context;
}

describe('back office content in a real browser', () => {
  const { browser, contexts } = useBrowserContexts();

  it('an operator publishes a BN/EN/SW home banner that the member site then shows in each language', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const titles = { BN: `নতুন অফার ${stamp}`, EN: `New offer ${stamp}`, SW: `Ofa mpya ${stamp}` };

    const context = await newContext(browser());
    contexts.push(context);
    const admin = await adminPage(context);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto(`${baseUrl}/admin/#/content/banners`);
    const form = admin.getByTestId('banner-form');
    await form.waitFor();
    await form.locator('select[name="groupName"]').selectOption('w_home');
    await form.locator('select[name="linkageType"]').selectOption('INTERNAL');
    await form.locator('input[name="linkage"]').fill('/promotions');
    for (const language of ['BN', 'EN', 'SW'] as const) {
      await form.getByRole('tab', { name: new RegExp(`\\(${language}\\)`) }).click();
      await form.locator(`input[name="title-${language}"]`).fill(titles[language]);
    }
    // Order 0 puts it first in the carousel.
    await form.locator('input[name="sort"]').fill('0');
    await screenshot(admin, 'admin-content-banner-form-1280');
    await form.getByRole('button', { name: 'Publish banner' }).click();
    await admin.getByTestId('feedback').getByText('Published 3 banners (BN, EN, SW).').waitFor();
    const rows = admin.getByTestId('banner-row').filter({ hasText: stamp });
    await expect.poll(() => rows.count()).toBe(3);
    await screenshot(admin, 'admin-content-banners-1280');

    for (const language of ['BN', 'EN', 'SW'] as const) {
      const visitor = await visitorIn(browser(), language, language === 'SW');
      contexts.push(visitor);
      const page = await visitor.newPage();
      await page.goto(`${baseUrl}/`);
      const banner = page.getByTestId('home-banners').getByRole('img', { name: titles[language] });
      await banner.first().waitFor({ state: 'attached', timeout: 20_000 });
      // Only the visitor's own language is shown.
      for (const other of ['BN', 'EN', 'SW'] as const) {
        if (other !== language) expect(await page.getByRole('img', { name: titles[other] }).count()).toBe(0);
      }
      // The generated art draws the title the operator typed.
      const src = await banner.first().getAttribute('src');
      const art = await page.request.get(new URL(src ?? '', baseUrl).toString());
      expect(art.status()).toBe(200);
      expect(await art.text()).toContain(titles[language].split(' ')[0]);
      if (language === 'SW') {
        await dismissAnnouncementPopup(page);
        await screenshot(page, 'member-home-banner-sw-390');
      }
    }
  });
});

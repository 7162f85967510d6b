import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from './browser';
import { dismissMemberPopups, messages } from './site';

const en = messages('en');

/** The login texts of the site in English, so specs find the fields a person reads. */
export const accountsEn = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/locales/accounts/en.json'), 'utf8'),
) as {
  fields: { username: string; password: string };
  login: { submit: string; submitAgent: string; title: string };
};

/** A label as rendered, with the "*" of a required field allowed after it. */
export function exactly(value: string): RegExp {
  return new RegExp(`^\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);
}

/** A browser context whose site language is English from the first page on. */
export async function englishContext(browser: Browser, mobile = false): Promise<BrowserContext> {
  const context = await newContext(browser, { mobile, language: 'en-GB' });
  await context.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    localStorage.setItem('hisLang', 'EN');
  });
  return context;
}

/** Opens a page of the site and waits until its loading cover is gone. */
export async function openSite(page: Page, baseUrl: string, url: string): Promise<void> {
  await page.goto(`${baseUrl}${url}`);
  await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
}

/** Submits the agent login at /agent (an agent goes on to /agentHome; a member is refused there). */
export async function logInAtAgentPage(page: Page, baseUrl: string, account: { username: string; password: string }): Promise<void> {
  await openSite(page, baseUrl, '/agent');
  await page.getByLabel(exactly(accountsEn.fields.username)).fill(account.username);
  await page.getByLabel(exactly(accountsEn.fields.password)).fill(account.password);
  await page.getByRole('button', { name: accountsEn.login.submitAgent }).click();
}

/** Logs a member in from the site header's login dialog, closing the popups before and after as a person would. */
export async function logInMember(page: Page, baseUrl: string, account: { username: string; password: string }): Promise<void> {
  await openSite(page, baseUrl, '/');
  await dismissMemberPopups(page);
  await page
    .locator('header')
    .getByRole('button', { name: messages('en')('header.login') })
    .click();
  const dialog = page.getByRole('dialog', { name: accountsEn.login.title });
  await dialog.getByRole('textbox', { name: new RegExp(`^${accountsEn.fields.username}`) }).fill(account.username);
  await dialog.locator('input[type="password"]').fill(account.password);
  await dialog.getByRole('button', { name: accountsEn.login.submit, exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  await dismissMemberPopups(page);
}

/** A call made by the signed-in page itself (its token, its merchant): what the site's own code sends. */
export async function pageCall<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; code: string; value: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`,
          'content-type': 'application/json',
          Merchant: sessionStorage.getItem('merchantCode') ?? '',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { code: string; value: T };
      return { status: response.status, code: json.code, value: json.value };
    },
    { method, url, body },
  );
}

/** The signed-in page's balance as the API says it (a string like "1234.50"), as a number. */
export async function pageBalance(page: Page): Promise<number> {
  const text = await page.evaluate(async () => {
    const response = await fetch('/wps/v2/wallets/balance', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` },
    });
    return ((await response.json()) as { value: { balance: string } }).value.balance;
  });
  return Number(text);
}

/** A phone-sized context (390 px) in English unless a spec switched the language. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await newContext(browser, { language: 'en-GB', mobile: true });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
  return context;
}

/** Logs the demo player in through the header's login popup (English site), popups dismissed. */
export async function logInDemoPlayer(page: Page): Promise<void> {
  const button = page.locator('header').getByRole('button', { name: en('header.login'), exact: true });
  await button.waitFor({ timeout: 20_000 });
  await dismissMemberPopups(page);
  await button.click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('input[autocomplete="current-password"]') });
  await dialog.locator('input[autocomplete="username"]').fill('demoplayer');
  await dialog.locator('input[autocomplete="current-password"]').fill('Demo@2025');
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  await dismissMemberPopups(page);
}

/**
 * Logs `account` in with the English header (the shared helper's labels), then shows the site in
 * Bengali from the next page load on.
 */
export async function bengaliMemberPage(
  context: BrowserContext,
  baseUrl: string,
  account: { username: string; password: string },
): Promise<Page> {
  await context.addInitScript(() => {
    if (localStorage.getItem('e2e-bengali') === '1') return;
    localStorage.setItem('lang', 'EN');
    localStorage.setItem('hisLang', 'EN');
  });
  const page = await context.newPage();
  await logInMember(page, baseUrl, account);
  await page.evaluate(() => {
    localStorage.setItem('e2e-bengali', '1');
    localStorage.setItem('lang', 'BN');
    localStorage.setItem('hisLang', 'BN');
  });
  return page;
}

/** The red count on the Bengali member menu's messageV2 entry ('' when there is none). */
export async function inboxBadge(page: Page): Promise<string> {
  const entry = page.getByRole('navigation', { name: messages('bn')('member.menu') }).locator('a[href*="messageV2"]');
  const badge = entry.locator('span[aria-hidden="true"]');
  return (await badge.count()) > 0 ? ((await badge.first().textContent()) ?? '') : '';
}

import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser';
import { logInDemoPlayer, openSite } from './member-login';
import { closeAnnouncementPopup, fundMember, messages } from './site';

const en = messages('en');

/** A balance as the games show it ("1,234.50") as a number. */
export const money = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

/** The page's scroll width: wider than the 390 px viewport means something sticks out sideways. */
export function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** From the home page: the announcement closed, the demo player logged in, its cash funded with `amount` by the operator. */
export async function openAsFundedDemoPlayer(
  page: Page,
  site: { baseUrl: string; operatorToken: string },
  amount = '500.00',
): Promise<void> {
  await openSite(page, site.baseUrl, '/');
  await closeAnnouncementPopup(page);
  await logInDemoPlayer(page);
  await fundMember(page, site, amount);
}

/**
 * Opens the in-house original at `path` (`/bgs?gameCode=…`, `/pvp?gameCode=…`), waits for its
 * `title` heading and for its balance to show a figure: the balance element and that figure.
 */
export async function openOriginal(
  page: Page,
  baseUrl: string,
  path: string,
  title: string,
): Promise<{ balance: Locator; before: number }> {
  await openSite(page, baseUrl, path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  const balance = page.getByTestId('original-balance');
  await expect.poll(async () => (await balance.textContent()) !== '—', { timeout: 20_000 }).toBe(true);
  return { balance, before: money(await balance.textContent()) };
}

/**
 * Rotates the seed (the revealed seed wraps inside its panel: nothing sticks out sideways), opens
 * the newest history row on the verify page and waits for the round's published server seed.
 */
export async function openNewestRoundToVerify(page: Page): Promise<void> {
  await page.getByTestId('rotate-seed').click();
  await page.getByTestId('revealed-seed').waitFor({ timeout: 10_000 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.getByTestId('original-history').locator('li').first().getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: en('houseGames.verify.title') }).waitFor({ timeout: 20_000 });
  await expect.poll(async () => (await page.locator('input[name="serverSeed"]').inputValue()).length, { timeout: 15_000 }).toBe(64);
}

/** Recomputes the round on the verify page and expects the commitment and the recorded payout to check. */
export async function runVerify(page: Page): Promise<void> {
  await page.getByRole('button', { name: en('houseGames.verify.run') }).click();
  expect(await page.getByTestId('commitment-check').textContent()).toBe(en('houseGames.verify.commitmentOk'));
  expect(await page.getByTestId('record-check').textContent()).toContain(en('houseGames.verify.recordOk').split('{{')[0] ?? '');
}

/** The newest history row recomputed on the verify page (both checks pass), nothing sticking out sideways, screenshot `name`. */
export async function verifyNewestRound(page: Page, name: string): Promise<void> {
  await openNewestRoundToVerify(page);
  await runVerify(page);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await screenshot(page, name);
}

import { describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser';
import { openAsFundedDemoPlayer, pageWidth } from '../support/house-games';
import { openSite, phoneContext } from '../support/member-login';
import { messages } from '../support/site';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

describe('Crash on a phone (390 px)', () => {
  const browser = useBrowser();

  it('bets in the betting window, cashes out (or loses to the crash), then verifies the round on the verify page', {
    timeout: 180_000,
  }, async () => {
    const context = await phoneContext(browser());
    const page = await context.newPage();
    try {
      await openAsFundedDemoPlayer(page, { baseUrl, operatorToken });

      await openSite(page, baseUrl, '/bgs?gameCode=kismat-crash');
      await page.getByRole('heading', { level: 1, name: en('crash.title') }).waitFor({ timeout: 30_000 });
      const balance = page.getByTestId('crash-balance');
      await balance.waitFor({ timeout: 20_000 });
      // The engine runs the rounds by itself: wait for a betting window (at most one round away).
      const betButton = page.getByTestId('crash-bet');
      await expect
        .poll(async () => (await betButton.count()) > 0 && (await betButton.isEnabled()), { timeout: 120_000, interval: 250 })
        .toBe(true);
      const before = money(await balance.textContent());
      await page.getByTestId('crash-stake').fill('2.00');
      await screenshot(page, 'crash-mobile-betting');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await betButton.click();
      await page.getByTestId('crash-waiting').waitFor({ timeout: 15_000 });
      await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeCloseTo(before - 2, 2);

      // The curve starts: cash out at once (a round that crashes at 1.00x is lost instead).
      const cashOut = page.getByTestId('crash-cash-out');
      const lost = page.getByTestId('crash-lost');
      await expect.poll(async () => (await cashOut.count()) + (await lost.count()), { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
      if ((await cashOut.count()) > 0) {
        await screenshot(page, 'crash-mobile-running');
        // The round may crash between seeing the button and the tap: then the bet is lost, as in play.
        await cashOut.click({ timeout: 5_000 }).catch(() => undefined);
      }
      const cashed = page.getByTestId('crash-cashed');
      await expect.poll(async () => (await cashed.count()) + (await lost.count()), { timeout: 120_000, interval: 100 }).toBeGreaterThan(0);
      if ((await cashed.count()) > 0) {
        const text = (await cashed.textContent()) ?? '';
        const multiplier = Number(/([\d.]+)×/.exec(text)?.[1] ?? '0');
        expect(multiplier).toBeGreaterThanOrEqual(1);
        await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeGreaterThan(before - 2);
      }
      // Once the round crashed, its seed is public: the own-rounds list links to the verify page.
      await page.getByTestId('crash-point').waitFor({ timeout: 150_000 });
      await screenshot(page, 'crash-mobile-crashed');
      const verifyLink = page.getByTestId('crash-my-bets').locator('li').first().getByTestId('crash-verify-link');
      await verifyLink.waitFor({ timeout: 20_000 });
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await verifyLink.click();
      await page.getByRole('heading', { level: 1, name: en('houseGames.verify.title') }).waitFor({ timeout: 20_000 });
      await expect.poll(async () => (await page.locator('input[name="seed"]').inputValue()).length, { timeout: 15_000 }).toBe(64);
      await page.getByRole('button', { name: en('houseGames.verify.run') }).click();
      expect(await page.getByTestId('crash-verify-linked').textContent()).toBe(en('crash.verifyPanel.linked'));
      expect(await page.getByTestId('crash-verify-match').textContent()).toBe(en('crash.verifyPanel.matches'));
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'crash-mobile-verify');

      // The same screen on a desktop.
      await page.setViewportSize({ width: 1280, height: 900 });
      await openSite(page, baseUrl, '/bgs?gameCode=kismat-crash');
      await page.getByTestId('crash-stage').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1_500);
      await screenshot(page, 'crash-desktop');
    } finally {
      await context.close();
    }
  });
});

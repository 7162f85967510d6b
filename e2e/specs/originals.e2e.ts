import { describe, expect, inject, it } from 'vitest';
import { animationsDone, screenshot, useBrowser } from '../support/browser';
import { money, openAsFundedDemoPlayer, openOriginal, pageWidth, verifyNewestRound } from '../support/house-games';
import { openSite, phoneContext } from '../support/member-login';
import { headerBalance, messages } from '../support/site';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');

describe('Kismat Originals on a phone (390 px)', () => {
  const browser = useBrowser();

  it('rolls dice, plays a mines round and drops a plinko ball, each moving the balance, then verifies each on the verify page', async () => {
    const context = await phoneContext(browser());
    const page = await context.newPage();
    try {
      await openAsFundedDemoPlayer(page, { baseUrl, operatorToken });

      // Dice: 2.00 at 49.50% under pays 2.0000x (1% edge).
      const { balance, before } = await openOriginal(page, baseUrl, '/bgs?gameCode=kismat-dice', en('originals.dice.title'));
      await page.getByTestId('stake-input').fill('2.00');
      expect(await page.getByTestId('dice-multiplier').textContent()).toBe('2.0000×');
      await screenshot(page, 'originals-dice-mobile-ready');
      const rollButton = page.getByTestId('dice-roll-button');
      await expect.poll(() => rollButton.isEnabled(), { timeout: 20_000 }).toBe(true);
      await rollButton.click();
      await page.getByTestId('dice-outcome').waitFor({ timeout: 20_000 });
      const isWin = (await page.getByTestId('dice-outcome').textContent())?.startsWith('You won') ?? false;
      const expected = before - 2 + (isWin ? 4 : 0);
      await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeCloseTo(expected, 2);
      await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(expected, 2);
      await page.getByTestId('original-history').locator('li').first().waitFor({ timeout: 10_000 });
      // The game fits the phone: nothing in the page's main content reaches past the viewport.
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'originals-dice-mobile-result');
      await verifyNewestRound(page, 'originals-dice-verify-mobile');
      expect(await page.getByTestId('verified-roll').textContent()).toMatch(/^\d{1,2}\.\d{2}$/);

      // Mines: one mine, pick a tile; a gem is cashed out, a mine ends the round.
      const { before: minesBefore } = await openOriginal(page, baseUrl, '/bgs?gameCode=kismat-mines', en('originals.mines.title'));
      await page.getByTestId('mines-count').selectOption('1');
      await page.getByTestId('stake-input').fill('5.00');
      await screenshot(page, 'originals-mines-mobile-ready');
      const betButton = page.getByTestId('mines-bet');
      await expect.poll(() => betButton.isEnabled(), { timeout: 20_000 }).toBe(true);
      await betButton.click();
      await page.getByTestId('mines-cash-out').waitFor({ timeout: 20_000 });
      await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeCloseTo(minesBefore - 5, 2);
      await page.getByTestId('mines-tile-12').click();
      await expect.poll(async () => page.getByTestId('mines-tile-12').getAttribute('data-state'), { timeout: 10_000 }).not.toBe('hidden');
      await animationsDone(page);
      await screenshot(page, 'originals-mines-mobile-picked');
      let paid = 0;
      if ((await page.getByTestId('mines-tile-12').getAttribute('data-state')) === 'gem') {
        // One safe pick of a one-mine board: 0.99 x 25/24 = 1.0312x; 5.00 pays 5.15.
        await page.getByTestId('mines-cash-out').click();
        paid = 5.15;
      }
      await page.getByTestId('mines-outcome').waitFor({ timeout: 20_000 });
      await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeCloseTo(minesBefore - 5 + paid, 2);
      expect(await page.locator('[data-testid^="mines-tile-"][data-state="mine"]').count()).toBe(1);
      await screenshot(page, 'originals-mines-mobile-result');
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await verifyNewestRound(page, 'originals-mines-verify-mobile');
      expect(await page.getByTestId('verified-mines').textContent()).toMatch(/^\d{1,2}$/);

      // Plinko: 12 rows, medium risk; the ball lands and the balance moves by stake and payout.
      const { before: plinkoBefore } = await openOriginal(page, baseUrl, '/bgs?gameCode=kismat-plinko', en('originals.plinko.title'));
      await page.getByTestId('stake-input').fill('1.00');
      await screenshot(page, 'originals-plinko-mobile-ready');
      const dropButton = page.getByTestId('plinko-drop');
      await expect.poll(() => dropButton.isEnabled(), { timeout: 20_000 }).toBe(true);
      await dropButton.click();
      await page.waitForTimeout(700);
      await screenshot(page, 'originals-plinko-mobile-falling');
      await page.getByTestId('plinko-outcome').waitFor({ timeout: 20_000 });
      await page.getByTestId('plinko-hit-slot').waitFor({ timeout: 5_000 });
      const landed = (await page.getByTestId('plinko-outcome').textContent()) ?? '';
      const paidText = /([\d,]+\.\d{2})/.exec(landed.split(':').pop() ?? '')?.[1] ?? '0';
      await expect
        .poll(async () => money(await balance.textContent()), { timeout: 10_000 })
        .toBeCloseTo(plinkoBefore - 1 + money(paidText), 2);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'originals-plinko-mobile-result');
      await verifyNewestRound(page, 'originals-plinko-verify-mobile');
      expect(await page.getByTestId('verified-path').textContent()).toMatch(/^[LR]{12}$/);

      // The desktop layout (two columns) of the plinko screen.
      await page.setViewportSize({ width: 1280, height: 900 });
      await openSite(page, baseUrl, '/bgs?gameCode=kismat-plinko');
      await page.getByTestId('plinko-board').waitFor({ timeout: 20_000 });
      await screenshot(page, 'originals-plinko-desktop');
    } finally {
      await context.close();
    }
  });
});

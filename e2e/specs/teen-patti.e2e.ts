import { describeDeal } from '@kismat/game-math/originals/teen-patti';
import { settleTeenPatti } from '@kismat/game-math/originals/teen-patti-round';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { animationsDone, screenshot, useBrowser } from '../support/browser';
import { money, openAsFundedDemoPlayer, openNewestRoundToVerify, openOriginal, pageWidth, runVerify } from '../support/house-games';
import { phoneContext } from '../support/member-login';
import { headerBalance, messages } from '../support/site';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');

async function cardsOf(page: Page, who: 'player' | 'dealer'): Promise<number[]> {
  return Promise.all([0, 1, 2].map(async (index) => Number(await page.getByTestId(`${who}-card-${index}`).getAttribute('data-card'))));
}

describe('Kismat Teen Patti on a phone (390 px)', () => {
  const browser = useBrowser();

  it('deals a hand with ante and pair plus, plays it, pays it by the rules, resumes nothing open, then verifies it', {
    timeout: 180_000,
  }, async () => {
    const context = await phoneContext(browser());
    const page = await context.newPage();
    try {
      await openAsFundedDemoPlayer(page, { baseUrl, operatorToken });

      const { balance, before } = await openOriginal(page, baseUrl, '/pvp?gameCode=kismat-teen-patti', en('originals.teenPatti.title'));

      // Ante 10.00 (two 5 chips), Pair Plus 1.00.
      await page.getByRole('button', { name: en('originals.cards.chip').replace('{{amount}}', '5.00') }).click();
      await page.getByTestId('spot-ANTE').click();
      await page.getByTestId('spot-ANTE').click();
      await page.getByRole('button', { name: en('originals.cards.chip').replace('{{amount}}', '1.00') }).click();
      await page.getByTestId('spot-PAIR_PLUS').click();
      expect(await page.getByTestId('slip-total').textContent()).toBe(
        en('originals.teenPatti.total').replace('{{amount}}', '11.00').replace('{{played}}', '21.00'),
      );
      await screenshot(page, 'teen-patti-mobile-slip');
      const deal = page.getByTestId('deal-button');
      await expect.poll(() => deal.isEnabled(), { timeout: 20_000 }).toBe(true);
      await deal.click();

      // The player's three cards face up, the dealer's face down, and the Play/Fold choice.
      const play = page.getByTestId('play-button');
      await play.waitFor({ timeout: 20_000 });
      expect(await play.textContent()).toBe(en('originals.teenPatti.play').replace('{{amount}}', '10.00'));
      expect(await page.getByTestId('dealer-card-0').getAttribute('data-card')).toBeNull();
      const player = await cardsOf(page, 'player');
      expect(new Set(player).size).toBe(3);
      await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeCloseTo(before - 11, 2);
      // The header's balance takes the ante at the deal too, not only when the hand settles.
      await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(before - 11, 2);
      await page
        .getByTestId('teen-patti-table')
        .evaluate((table) => window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY - 110));
      await animationsDone(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'teen-patti-mobile-decide');

      // A reload resumes the same hand with its choice (the server keeps it open).
      await page.reload();
      await page.getByTestId('play-button').waitFor({ timeout: 20_000 });
      expect(await cardsOf(page, 'player')).toEqual(player);

      await page.getByTestId('play-button').click();
      await page.getByTestId('card-outcome').waitFor({ timeout: 20_000 });
      const dealer = await cardsOf(page, 'dealer');
      expect(new Set([...player, ...dealer]).size).toBe(6);
      const settled = settleTeenPatti(describeDeal(player, dealer), { ANTE: 1_000n, PAIR_PLUS: 100n }, 'PLAY');
      const paid = Number(settled.payoutMinor) / 100;
      await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeCloseTo(before - 21 + paid, 2);
      await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(before - 21 + paid, 2);
      await page.getByTestId('original-history').locator('li').first().waitFor({ timeout: 10_000 });
      await page
        .getByTestId('teen-patti-table')
        .evaluate((table) => window.scrollTo(0, table.getBoundingClientRect().top + window.scrollY - 110));
      await animationsDone(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'teen-patti-mobile-result');

      // Verify: rotate the seed, open the round on the verify page, recompute it in the browser.
      await openNewestRoundToVerify(page);
      expect(await page.locator('input[name="cardStakes"]').inputValue()).toBe('ANTE=1000,PLAY=1000,PAIR_PLUS=100');
      await runVerify(page);
      expect(await page.getByTestId('verified-payout').textContent()).toContain(paid.toFixed(2));
      expect((await page.getByTestId('verified-cards').textContent())?.split(' ')).toHaveLength(6);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'teen-patti-verify-mobile');
    } finally {
      await context.close();
    }
  });
});

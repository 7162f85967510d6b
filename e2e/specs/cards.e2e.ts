import { describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser';
import { money, openAsFundedDemoPlayer, openOriginal, pageWidth, verifyNewestRound } from '../support/house-games';
import { openSite, phoneContext } from '../support/member-login';
import { headerBalance, messages } from '../support/site';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const rankOf = (card: string | null) => Number(card) % 13;

describe('Kismat card originals on a phone (390 px)', () => {
  const browser = useBrowser();

  it('deals a Dragon Tiger and an Andar Bahar round, pays each slip by the rules, then verifies each', async () => {
    const context = await phoneContext(browser());
    const page = await context.newPage();
    try {
      await openAsFundedDemoPlayer(page, { baseUrl, operatorToken });

      const { balance, before } = await openOriginal(page, baseUrl, '/pvp?gameCode=kismat-dragon-tiger', en('originals.dragonTiger.title'));

      // 10.00 on Dragon (two 5 chips) and 1.00 on the tie.
      await page.getByRole('button', { name: en('originals.cards.chip').replace('{{amount}}', '5.00') }).click();
      await page.getByTestId('spot-DRAGON').click();
      await page.getByTestId('spot-DRAGON').click();
      await page.getByRole('button', { name: en('originals.cards.chip').replace('{{amount}}', '1.00') }).click();
      await page.getByTestId('spot-TIE').click();
      expect(await page.getByTestId('slip-total').textContent()).toBe(en('originals.cards.total').replace('{{amount}}', '11.00'));
      await screenshot(page, 'cards-dragon-tiger-mobile-slip');
      const deal = page.getByTestId('deal-button');
      await expect.poll(() => deal.isEnabled(), { timeout: 20_000 }).toBe(true);
      await deal.click();
      await page.getByTestId('tiger-card').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(250);
      await screenshot(page, 'cards-dragon-tiger-mobile-dealing');
      await page.getByTestId('card-outcome').waitFor({ timeout: 20_000 });

      // Dragon 1:1, half back on a tie, tie 11:1: the payout follows from the two cards shown.
      const dragon = rankOf(await page.getByTestId('dragon-card').getAttribute('data-card'));
      const tiger = rankOf(await page.getByTestId('tiger-card').getAttribute('data-card'));
      const paid = dragon > tiger ? 20 : dragon === tiger ? 5 + 12 : 0;
      const banner = dragon > tiger ? 'DRAGON' : dragon < tiger ? 'TIGER' : 'TIE';
      expect(await page.getByTestId('card-banner').textContent()).toContain(en(`originals.dragonTiger.winner.${banner}`));
      await expect.poll(async () => money(await balance.textContent()), { timeout: 10_000 }).toBeCloseTo(before - 11 + paid, 2);
      await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBeCloseTo(before - 11 + paid, 2);
      await page.getByTestId('original-history').locator('li').first().waitFor({ timeout: 10_000 });
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'cards-dragon-tiger-mobile-result');

      await verifyNewestRound(page, 'cards-dragon-tiger-verify-mobile');
      expect(await page.getByTestId('verified-cards').textContent()).toMatch(/^(A|[2-9]|10|J|Q|K)[SHCD] (A|[2-9]|10|J|Q|K)[SHCD]$/);

      // Andar Bahar: 2.00 on Andar (0.9:1): 3.80 back if the joker's rank lands on Andar.
      const { before: abBefore } = await openOriginal(page, baseUrl, '/pvp?gameCode=kismat-andar-bahar', en('originals.andarBahar.title'));
      await page.getByRole('button', { name: en('originals.cards.chip').replace('{{amount}}', '1.00') }).click();
      await page.getByTestId('spot-ANDAR').click();
      await page.getByTestId('spot-ANDAR').click();
      const abDeal = page.getByTestId('deal-button');
      await expect.poll(() => abDeal.isEnabled(), { timeout: 20_000 }).toBe(true);
      await abDeal.click();
      await page.getByTestId('joker-card').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(600);
      await screenshot(page, 'cards-andar-bahar-mobile-dealing');
      await page.getByTestId('card-outcome').waitFor({ timeout: 20_000 });
      const joker = rankOf(await page.getByTestId('joker-card').getAttribute('data-card'));
      const isAndar = (await page.getByTestId('side-ANDAR').getByTestId('winning-card').count()) === 1;
      const winningCard = page.getByTestId(isAndar ? 'side-ANDAR' : 'side-BAHAR').getByTestId('winning-card');
      expect(rankOf(await winningCard.getAttribute('data-card'))).toBe(joker);
      await expect
        .poll(async () => money(await balance.textContent()), { timeout: 10_000 })
        .toBeCloseTo(abBefore - 2 + (isAndar ? 3.8 : 0), 2);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      await screenshot(page, 'cards-andar-bahar-mobile-result');
      await verifyNewestRound(page, 'cards-andar-bahar-verify-mobile');

      await page.setViewportSize({ width: 1280, height: 900 });
      await openSite(page, baseUrl, '/pvp?gameCode=kismat-dragon-tiger');
      await page.getByTestId('spot-DRAGON').waitFor({ timeout: 20_000 });
      await screenshot(page, 'cards-dragon-tiger-desktop');
    } finally {
      await context.close();
    }
  });
});

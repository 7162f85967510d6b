import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentIssueIndex, findLotteryGame, issueSlot } from '../modules/house-games/lottery-games';
import { buildTestApp, demoSiteConfig, type TestApp } from './build-test-app';
import { createMember, createMerchant, type TestMerchant } from './factories';
import { buyTicketsAt, fundMember } from './house-games-test-kit';

// Suites take `at` from the wall clock; in a draw's cutoff window no issue sells, and the kit must
// still buy (the next issue, once it opens) instead of failing LOTTERY_ISSUE_CLOSED now and then.
describe('house games test kit', () => {
  let t: TestApp;
  let site: TestMerchant;
  beforeAll(async () => {
    t = await buildTestApp({ config: demoSiteConfig('kit') });
    site = await createMerchant(t.app.db);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('buys the next issue when `at` falls in the cutoff window of the current one', async () => {
    const game = findLotteryGame('ELOTT_5M');
    if (!game) throw new Error('no ELOTT_5M');
    const current = issueSlot(game, currentIssueIndex(game, new Date('2026-03-12T06:00:10Z')));
    const at = new Date(current.cutoffAt.getTime() + 1_000);
    const { member } = await createMember(t.app.db, site.merchant.id);
    await fundMember(t.app.db, site.merchant, member.id, 10_000n);
    const bought = await buyTicketsAt(t.app.db, site.merchant, member, {
      gameCode: 'ELOTT_5M',
      at,
      tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_500n }],
    });
    expect(bought.drawAt.getTime()).toBe(current.drawAt.getTime() + game.intervalMs);
    expect(bought.stake).toBe(1_500n);
  });
});

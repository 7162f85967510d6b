import { generateKeyPairSync } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Hub88ListedGame } from '../../apps/server/src/modules/aggregators/hub88/client';
import { type FakeHub88, startFakeHub88 } from '../../apps/server/src/modules/aggregators/hub88/fake/fake-hub88-server';
import { newContext, screenshot, useBrowser } from '../support/browser';
import { englishContext, logInDemoPlayer, openSite, pageCall } from '../support/member-login';

/**
 * Game aggregators (issue 21) in a real browser on the built site and a real database, against
 * the FAKE Hub88 this spec starts on a free port (the outside world; clearly a test double). The
 * e2e server was started with our Hub88 private key in AGGREGATOR_E2E_HUB88_KEY (global setup);
 * the fake verifies our signed Games API calls with the public half and signs its wallet calls
 * with its own key, whose public half the operator pastes into the contract.
 * An admin adds and enables the Hub88 contract, syncs its games; the demo player launches one
 * and plays a round the fake drives through /user/info, /transaction/bet and /transaction/win;
 * the player's balance moves by the stake and the win; the admin sees the round.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const ourKey = inject('hub88OperatorKey');
const MERCHANT = 'KISMAT';
const CODE = 'HUBE2E';

const GAMES: Hub88ListedGame[] = [
  {
    game_code: 'e2e_lucky_tiger',
    name: 'Lucky Tiger (fake)',
    product: 'Fake Tiger Studio',
    category: 'Video Slots',
    enabled: true,
    demo_game_support: true,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
  },
  { game_code: 'e2e_live_wheel', name: 'Live Wheel (fake)', product: 'Fake Tiger Studio', category: 'Live Casino', enabled: true },
  { game_code: 'e2e_other_slot', name: 'Other Slot (fake)', product: 'Other Fake Studio', category: 'Video Slots', enabled: true },
];

describe('aggregators: Hub88 against the local fake', () => {
  const browser = useBrowser();
  const contexts: BrowserContext[] = [];
  let fake: FakeHub88;
  const theirs = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    fake = await startFakeHub88({
      operatorId: 8801,
      operatorPublicKeyPem: ourKey.publicKeyPem,
      hub88PrivateKeyPem: theirs.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      walletUrl: `${baseUrl}/aggregators/hub88/${MERCHANT}/${CODE}`,
      games: GAMES,
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await fake?.close();
  });

  async function adminPage(mobile = false): Promise<Page> {
    const context = await newContext(browser(), { mobile });
    contexts.push(context);
    await context.addInitScript((token) => sessionStorage.setItem('kismat.admin.token', token), operatorToken);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/#/aggregators`);
    const picker = page.getByLabel('Merchant');
    if (await picker.count()) await picker.selectOption(MERCHANT);
    return page;
  }

  it('an admin configures and enables the Hub88 contract and syncs its games; a member plays a round the fake drives; the admin sees it', async () => {
    const admin = await adminPage();
    await admin.getByRole('button', { name: 'Add an aggregator' }).click();
    const form = admin.getByRole('form', { name: 'Aggregator configuration' });
    await form.getByLabel('Code').fill(CODE);
    await form.getByLabel('Name').fill('Hub88 (local fake)');
    // Bad input first: a secret env var outside AGGREGATOR_* is refused before anything is stored.
    await form.getByLabel('Secret env var (AGGREGATOR_…)').fill('DATABASE_URL');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('Secret env var');
    await form.getByLabel('Base URL').fill(fake.url);
    await form.getByLabel('Operator id').fill('8801');
    await form
      .getByLabel('Aggregator public key (PEM) or public id')
      .fill(theirs.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    await form.getByLabel('Secret env var (AGGREGATOR_…)').fill(ourKey.secretEnv);
    await form.getByLabel('Currency map').fill('BDT=BDT');
    await form.getByLabel('Enabled studios').fill('FAKE_TIGER_STUDIO');
    await form.getByLabel('Enabled', { exact: true }).check();
    await form.getByRole('button', { name: 'Add' }).click();
    const row = admin.getByRole('row').filter({ hasText: CODE });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain(`${ourKey.secretEnv} set`);
    // The key itself is never on the page.
    expect(await admin.content()).not.toContain('PRIVATE KEY');

    await admin.getByRole('button', { name: 'Studios and sync' }).click();
    await admin.getByRole('button', { name: 'Show offered studios' }).click();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'Other Fake Studio' }).count(), { timeout: 15_000 }).toBe(1);
    await admin.getByRole('button', { name: 'Sync now' }).click();
    const result = admin.getByRole('status', { name: 'Sync result' });
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain('2 added');
    expect(await result.textContent()).toContain(`${CODE}_FAKE_TIGER_STUDIO`);
    expect(fake.calls.filter((call) => call.path.endsWith('/game/list')).every((call) => call.verified)).toBe(true);
    await screenshot(admin, 'aggregators-sync-desktop');

    // The member: the demo player opens the studio's games and plays Lucky Tiger.
    const member = await englishContext(browser());
    contexts.push(member);
    const page = await member.newPage();
    await openSite(page, baseUrl, '/');
    await logInDemoPlayer(page);
    const balanceOf = async () => Number((await pageCall<{ balance: string }>(page, 'GET', '/wps/v2/wallets/balance')).value.balance);
    const before = await balanceOf();
    await openSite(page, baseUrl, `/rng?vassalage=${CODE}_FAKE_TIGER_STUDIO`);
    const tile = page.getByTestId('game-tile').filter({ hasText: 'Lucky Tiger' }).first();
    await tile.waitFor({ timeout: 20_000 });
    await tile.hover();
    const [game] = await Promise.all([member.waitForEvent('page'), tile.getByTestId('game-play').click()]);
    await game.waitForLoadState();
    expect(new URL(game.url()).origin).toBe(fake.url);
    await game.getByText('FAKE HUB88 AGGREGATOR').waitFor();
    expect(fake.calls.at(-1)).toMatchObject({
      path: '/operator/generic/v2/game/url',
      verified: true,
      body: { game_code: 'e2e_lucky_tiger', currency: 'BDT' },
    });
    await game.getByRole('button', { name: 'Play' }).click();
    const outcome = game.locator('.result');
    await outcome.waitFor({ timeout: 20_000 });
    expect(await outcome.getAttribute('data-status')).toBe('RS_OK');
    expect(fake.walletAnswers.map((answer) => `${answer.call}:${answer.status}`)).toEqual(['info:RS_OK', 'bet:RS_OK', 'win:RS_OK']);
    const stake = Number(await outcome.getAttribute('data-stake'));
    const win = Number(await outcome.getAttribute('data-win'));
    expect([stake, win]).toEqual([10, 25]);
    await screenshot(game, 'aggregators-fake-game');
    const after = await balanceOf();
    expect(Math.round((after - before) * 100)).toBe(Math.round((win - stake) * 100));
    expect(Number(await outcome.getAttribute('data-balance'))).toBeCloseTo(after, 2);

    // The admin sees the round, with its stake and payout.
    await admin.getByRole('button', { name: 'Rounds' }).click();
    const roundRow = admin.getByRole('row').filter({ hasText: 'Lucky Tiger' });
    await expect.poll(() => roundRow.count(), { timeout: 15_000 }).toBe(1);
    const text = (await roundRow.textContent()) ?? '';
    expect(text).toContain('10.00');
    expect(text).toContain('25.00');
    expect(text).toContain('closed');
    await screenshot(admin, 'aggregators-rounds-desktop');

    // Reconciliation of the fake's report of that round: it matches ours.
    const round = (await outcome.getAttribute('data-round')) ?? '';
    await admin.getByRole('button', { name: 'Reconciliation' }).click();
    await admin
      .getByLabel('Or paste it')
      .fill(
        [
          'transaction_uuid,round,user,game_code,type,amount,currency',
          `${round}-bet,${round},1,e2e_lucky_tiger,bet,1000000,BDT`,
          `${round}-win,${round},1,e2e_lucky_tiger,win,2500000,BDT`,
        ].join('\n'),
      );
    await admin.getByRole('button', { name: 'Reconcile' }).click();
    const reconciled = admin.getByRole('status', { name: 'Reconciliation result' });
    await expect.poll(() => reconciled.textContent(), { timeout: 15_000 }).toContain('1 match');
    expect(await reconciled.textContent()).toContain('0 mismatches');

    const phone = await adminPage(true);
    await phone.getByRole('button', { name: `Open ${CODE}` }).click();
    await phone.getByRole('button', { name: 'Rounds' }).click();
    await phone.getByRole('row').filter({ hasText: 'Lucky Tiger' }).first().waitFor();
    await screenshot(phone, 'aggregators-rounds-phone');
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, PLAYER_TIMEZONE, screenshot, useBrowser } from '../support/browser';
import { openSite } from '../support/member-login';
import { closeAnnouncementPopup, fundMember, headerBalance, messages, operatorCall, startFreePlay } from '../support/site';

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const HOME_ROWS = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT'];
const MERCHANT = 'KISMAT';
const COCKFIGHT_VENDORS = ['SV3', 'DS88', 'DIG', 'WGB', 'WS168'];

/** The operator catalogue API: a vendor (all lanes) or a game, for the e2e merchant. */
const setVendor = (vendor: string, body: Record<string, unknown>) =>
  operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/catalogue/merchants/${MERCHANT}/vendors/${vendor}`, body);
const setGame = (nodeId: string | number, body: Record<string, unknown>) =>
  operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/catalogue/merchants/${MERCHANT}/games/${nodeId}`, body);

/** English pages, so assertions read the site's own English messages. */
async function englishContext(browser: Browser, options: { mobile?: boolean } = {}): Promise<BrowserContext> {
  const context = await newContext(browser, { ...options, language: 'en-GB' });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
  return context;
}

/** A phone as phones are: small, touch, no hover. */
async function touchPhoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    timezoneId: PLAYER_TIMEZONE,
  });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'EN');
  });
  return context;
}

async function logIn(page: Page) {
  const button = page.locator('header').getByRole('button', { name: en('header.login'), exact: true });
  await button.waitFor({ timeout: 20_000 });
  await button.click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[autocomplete="username"]').fill('demoplayer');
  await dialog.locator('input[autocomplete="current-password"]').fill('Demo@2025');
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
}

describe('games in a real browser', () => {
  const browser = useBrowser();

  it('home renders every block: marquee, banners, jackpot, hot games, winners, video/promotion banners, rows in order', async () => {
    for (const mobile of [false, true]) {
      const context = await englishContext(browser(), { mobile });
      const page = await context.newPage();
      // The board shows what the site answers: real wins once there are any (other specs may have
      // played a few by now), else the labelled demo board; the page draws exactly that list.
      const rankAnswer = page.waitForResponse((response) => response.url().includes('GCSGAME_getRankList'));
      await openSite(page, baseUrl, '/');
      await closeAnnouncementPopup(page);
      const ranked = ((await (await rankAnswer).json()) as { value: { list: unknown[] } }).value.list.length;
      expect(ranked).toBeGreaterThan(0);

      const marquee = page.getByRole('region', { name: en('home.notices.label') });
      await marquee.waitFor();
      expect(await marquee.locator('ul button').count()).toBeGreaterThan(0);
      await page.getByTestId('home-banners').waitFor();
      const jackpot = Number(((await page.getByTestId('jackpot-amount').textContent()) ?? '').replace(/,/g, ''));
      expect(jackpot).toBeGreaterThanOrEqual(100_000_000);
      expect(jackpot).toBeLessThanOrEqual(1_000_000_500);
      await page.getByTestId('hot-games').getByTestId('game-tile').first().waitFor();
      await page.getByTestId('promotion-banners').waitFor();
      const winners = page.getByRole('region', { name: en('home.winners.title') });
      await winners.locator('[data-rank="1"]').waitFor();
      // Top 3 on the podium, the list from rank 4.
      expect(await winners.locator('[data-rank]').count()).toBe(ranked);
      expect(await winners.locator('[data-rank="4"]').count()).toBe(ranked >= 4 ? 1 : 0);
      expect(await winners.locator('[data-rank="1"]').textContent()).toMatch(/\d{1,3}(,\d{3})*\.\d{2}/);
      await page.getByTestId(`home-row-${HOME_ROWS[0]}`).waitFor();
      const rows = await page
        .locator('[data-testid^="home-row-"]')
        .evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')?.replace('home-row-', '')));
      expect(rows).toEqual(HOME_ROWS.filter((row) => rows.includes(row)));
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows) expect(await page.getByTestId(`home-row-${row}`).getByTestId('vendor-tile').count()).toBeLessThanOrEqual(12);
      await screenshot(page, mobile ? 'games-home-mobile' : 'games-home-desktop');

      if (!mobile) {
        // A marquee item opens the notice popup with that item selected; a second click collapses it.
        const second = marquee.locator('ul button').nth(1);
        const title = (await second.textContent()) ?? '';
        await second.click({ force: true });
        const notices = page.getByRole('dialog', { name: en('home.notices.title') });
        const selected = notices.locator('button[aria-expanded="true"]');
        await selected.waitFor();
        expect(await selected.textContent()).toContain(title);
        await selected.click();
        expect(await notices.locator('button[aria-expanded="true"]').count()).toBe(0);
        await notices.getByRole('button', { name: en('common.close') }).click();
        // The closed popup stays closed for the rest of the session.
        await page.reload();
        await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
        await page.getByTestId('home-banners').waitFor();
        expect(await page.getByRole('dialog', { name: en('home.popup.title') }).count()).toBe(0);
      }
      await context.close();
    }
  });

  it('nav: home first, promotions last; a large drop menu above 10 vendors; a VASSALAGE vendor opens its popup list', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await openSite(page, baseUrl, '/');
    await closeAnnouncementPopup(page);
    const keys = await page.locator('[data-nav]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-nav')));
    expect(keys[0]).toBe('HOME');
    expect(keys.at(-1)).toBe('PROMO');
    expect(keys).not.toContain('BGS');

    await page.locator('[data-nav="RNG"]').hover();
    const slotsDrop = page.getByTestId('drop-RNG');
    await slotsDrop.waitFor();
    const slotVendors = await slotsDrop.locator('li').count();
    expect(slotVendors > 10).toBe((await slotsDrop.getAttribute('data-large')) !== null);
    await page.locator('[data-nav="SPORTS"]').hover();
    expect(await page.getByTestId('drop-SPORTS').getAttribute('data-large')).toBeNull();

    // A vendor whose isGame is VASSALAGE opens the vendor popup list instead of a page.
    await page.locator('[data-nav="LIVE"]').hover();
    await page.getByTestId('drop-LIVE').waitFor();
    await page.getByTestId('drop-LIVE').locator('ul a').first().click();
    const vendorPopup = page.getByRole('dialog');
    await vendorPopup.getByTestId('game-tile').first().waitFor();
    await screenshot(page, 'games-vendor-popup-desktop');
    await vendorPopup
      .getByRole('button', { name: en('common.close') })
      .first()
      .click();
    await vendorPopup.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');

    // RNG always navigates, whatever its vendor count.
    await page.locator('[data-nav="RNG"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/rng');
    await context.close();
  });

  it('nav follows the operator: a category without vendors leaves, a category with one vendor launches it directly', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    // Logged in away from home, where the member announcements would greet us.
    await openSite(page, baseUrl, '/rng');
    await logIn(page);
    try {
      for (const vendor of COCKFIGHT_VENDORS) await setVendor(vendor, { isEnabled: false });
      await setVendor('IBC', { gameType: 'SPORTS', isEnabled: false });
      await setVendor('SBT', { gameType: 'SPORTS', isEnabled: false });
      await page.reload();
      await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
      await page.locator('[data-nav="SPORTS"]').waitFor();
      const keys = await page.locator('[data-nav]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-nav')));
      expect(keys).not.toContain('COCKFIGHT');
      expect(keys[0]).toBe('HOME');
      expect(keys.at(-1)).toBe('PROMO');
      await page.locator('[data-nav="SPORTS"]').hover();
      expect(await page.getByTestId('drop-SPORTS').locator('li').count()).toBe(1);
      // One vendor left: the click launches it (no /sports page in between).
      await page.locator('[data-nav="SPORTS"]').click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/seamless');
      await page.frameLocator('[data-testid="seamless-frame"]').getByTestId('demo-label').waitFor({ timeout: 20_000 });
    } finally {
      for (const vendor of COCKFIGHT_VENDORS) await setVendor(vendor, { isEnabled: true });
      await setVendor('IBC', { gameType: 'SPORTS', isEnabled: true });
      await setVendor('SBT', { gameType: 'SPORTS', isEnabled: true });
    }
    // Switched back on, cockfight returns to the nav.
    await openSite(page, baseUrl, '/rng');
    await page.locator('[data-nav="COCKFIGHT"]').waitFor();
    await context.close();
  });

  it('game centres: /live lists games, /sports shows vendor lanes (desktop and a touch phone)', async () => {
    for (const mobile of [false, true]) {
      const context = mobile ? await touchPhoneContext(browser()) : await englishContext(browser());
      const page = await context.newPage();
      await openSite(page, baseUrl, '/live');
      await page.getByTestId('game-tile').first().waitFor();
      if (mobile) {
        // No hover on a phone: both buttons show on the tile and fit inside it.
        const tile = page.getByTestId('game-tile').first();
        const tileBox = await tile.boundingBox();
        for (const id of ['game-play', 'game-trial']) {
          const box = await tile.getByTestId(id).boundingBox();
          expect(box && tileBox && box.x >= tileBox.x && box.x + box.width <= tileBox.x + tileBox.width, id).toBe(true);
        }
      }
      await screenshot(page, mobile ? 'games-live-mobile' : 'games-live-desktop');
      await openSite(page, baseUrl, '/sports');
      await page.getByTestId('vendor-tile').first().waitFor();
      await screenshot(page, mobile ? 'games-sports-mobile' : 'games-sports-desktop');
      await context.close();
    }
  });

  it('a member favourites a game: the star persists after reload, and a failed call rolls back', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await openSite(page, baseUrl, '/rng');
    await logIn(page);
    await page.getByTestId('game-tile').first().waitFor();
    const tile = page.getByTestId('game-tile').first();
    const nodeId = await tile.getAttribute('data-node-id');
    const star = page.locator(`[data-testid="game-tile"][data-node-id="${nodeId}"] [data-testid="favourite-star"]`).first();
    const wasOn = (await star.getAttribute('aria-pressed')) === 'true';
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe(String(!wasOn));
    await page.waitForTimeout(1100);
    if (wasOn) {
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    }
    await page.reload();
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await screenshot(page, 'games-rng-favourite-desktop');

    // The favourites page lists it.
    await openSite(page, baseUrl, '/favorite');
    await page.locator(`[data-testid="game-tile"][data-node-id="${nodeId}"]`).waitFor();

    // A failing remove: the star goes off at once, then back on, with an error toast.
    await openSite(page, baseUrl, '/rng');
    await page.route('**/wps/relay/MCSFE_removeFavoriteGameV2**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'down', value: null }),
      }),
    );
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await star.click();
    await page.getByText(en('games.favourite.removeFailed')).waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await page.unroute('**/wps/relay/MCSFE_removeFavoriteGameV2**');
    await context.close();
  });

  it('a member launches a vendor game, bets and wins in the demo client; the header balance and the betting record update', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await openSite(page, baseUrl, '/rng');
    await logIn(page);
    await fundMember(page, { baseUrl, operatorToken }, '500.00');
    await page.reload();
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(500);
    const before = await headerBalance(page);

    await page.getByTestId('game-tile').first().hover();
    await page.getByTestId('game-play').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/seamless');
    // No side menu on the game page.
    await page.locator('[data-side-menu="hidden"]').waitFor();
    const frame = page.frameLocator('[data-testid="seamless-frame"]');
    await frame.getByTestId('demo-label').waitFor({ timeout: 20_000 });
    await screenshot(page, 'games-seamless-desktop');
    await frame.locator('#target').fill('96');
    let isWin = false;
    let lastMessage = '';
    for (let attempt = 0; attempt < 8 && !isWin; attempt += 1) {
      await expect.poll(() => frame.getByTestId('demo-roll').isEnabled(), { timeout: 15_000 }).toBe(true);
      await frame.getByTestId('demo-roll').click();
      await expect.poll(async () => (await frame.getByTestId('demo-message').textContent()) ?? '', { timeout: 15_000 }).not.toBe('');
      lastMessage = (await frame.getByTestId('demo-message').textContent()) ?? '';
      isWin = lastMessage.startsWith('You win');
    }
    expect(lastMessage).toMatch(/^You win/);

    // Back from the game: the header balance is refreshed.
    await page.locator('[data-nav="HOME"]').click();
    await expect.poll(() => headerBalance(page), { timeout: 15_000 }).not.toBe(before);

    await openSite(page, baseUrl, '/member?page=personalHistoryCopy');
    const record = page.getByTestId('betting-record');
    await record.getByTestId('record-row').first().waitFor({ timeout: 15_000 });
    expect(await record.getByTestId('record-totals').textContent()).toMatch(/\d/);
    await screenshot(page, 'games-betting-record-desktop');
    await context.close();
  });

  it('a game in maintenance refuses the launch with the game-maintenance message and other games to try', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await openSite(page, baseUrl, '/rng');
    await logIn(page);
    const tile = page.getByTestId('game-tile').nth(1);
    await tile.waitFor();
    const nodeId = (await tile.getAttribute('data-node-id')) ?? '';
    try {
      await setGame(nodeId, { isMaintenance: true });
      await tile.hover();
      await tile.getByTestId('game-play').click();
      const notice = page.getByRole('dialog', { name: en('games.launch.maintenanceTitle') });
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.locator('li').count()).toBeGreaterThan(0);
      await screenshot(page, 'games-maintenance-desktop');
      expect(new URL(page.url()).pathname).toBe('/rng');
    } finally {
      await setGame(nodeId, { isMaintenance: false });
    }
    await context.close();
  });

  it('a trial player cannot launch: "a true account is needed"', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await openSite(page, baseUrl, '/rng');
    await startFreePlay(page);
    await page.getByTestId('game-tile').first().hover();
    await page.getByTestId('game-play').first().click();
    await page.getByRole('dialog', { name: en('trial.title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/rng');
    await context.close();
  });
  it('the free-trial button plays with play money in the popup; a game without a trial says so', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await openSite(page, baseUrl, '/rng');
    await startFreePlay(page);
    const tile = page.getByTestId('game-tile').first();
    await tile.hover();
    await tile.getByTestId('game-trial').click();
    const popup = page.getByRole('dialog').filter({ has: page.getByTestId('game-popup-frame') });
    await popup.getByTestId('game-popup-fun').waitFor({ timeout: 15_000 });
    const frame = page.frameLocator('[data-testid="game-popup-frame"]');
    await frame.getByTestId('demo-fun-label').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await frame.getByTestId('demo-balance').textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/^\d+\.\d{2}$/);
    const before = Number(await frame.getByTestId('demo-balance').textContent());
    expect(before).toBeGreaterThan(0);
    await frame.getByTestId('demo-roll').click();
    await expect.poll(async () => (await frame.getByTestId('demo-message').textContent()) ?? '', { timeout: 15_000 }).not.toBe('');
    expect(Number(await frame.getByTestId('demo-balance').textContent())).not.toBe(before);
    await screenshot(page, 'games-free-trial-desktop');
    await popup
      .getByRole('button', { name: en('common.close') })
      .first()
      .click();

    // Live dealer games have no free trial: the button says so, no game opens.
    await openSite(page, baseUrl, '/live');
    const live = page
      .locator('[data-testid="game-tile"]')
      .filter({ has: page.locator('[data-supports-free-play="false"]') })
      .first();
    await live.waitFor({ timeout: 15_000 });
    await live.hover();
    await live.getByTestId('game-trial').click();
    await page.getByRole('dialog', { name: en('games.launch.noTrialTitle') }).waitFor();
    expect(await page.getByTestId('game-popup-frame').count()).toBe(0);
    await context.close();
  });
});

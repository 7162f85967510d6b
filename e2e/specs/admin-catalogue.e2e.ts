import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowserContexts } from '../support/browser';
import { dismissMemberPopups, messages, operatorCall } from '../support/site';

/**
 * The back office's Catalogue and Site settings pages in a real browser beside the member site:
 * an admin puts a game into maintenance and the member's launch of it shows the game-maintenance
 * notice; an admin switches the free-play flag and the site maintenance on and off and the
 * member site follows; support sees both pages read-only. Everything changed is restored.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const MERCHANT = 'KISMAT';
const SUPPORT = { username: 'demosupport', password: 'Demo@2025' };

interface OperatorGame {
  nodeId: number;
  gameCode: string;
  gameName: string;
  vassalage: string;
  isMaintenance: boolean;
}

async function operatorGet<T>(url: string): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${operatorToken}` } });
  if (!response.ok) throw new Error(`GET ${url} -> ${response.status}`);
  return ((await response.json()) as { value: T }).value;
}

/** The operator's view of a game the member site shows (a bounded walk over the RNG pages). */
async function findGame(nodeId: number): Promise<OperatorGame> {
  for (let pageNo = 1; pageNo <= 20; pageNo += 1) {
    const page = await operatorGet<{ list: OperatorGame[]; total: number }>(
      `/admin-api/catalogue/merchants/${MERCHANT}/games?gameType=RNG&pageSize=200&pageNo=${pageNo}`,
    );
    const game = page.list.find((item) => item.nodeId === nodeId);
    if (game) return game;
    if (pageNo * 200 >= page.total) break;
  }
  throw new Error(`game ${nodeId} not in the operator list`);
}

/** An admin's back office: the bootstrap root token (admin role) in the tab, as an operator logged in. */
async function adminPage(browser: Browser, contexts: BrowserContext[], options: { mobile?: boolean } = {}): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  await context.addInitScript((token) => sessionStorage.setItem('kismat.admin.token', token), operatorToken);
  return context.newPage();
}

async function englishMember(browser: Browser, contexts: BrowserContext[]): Promise<Page> {
  const context = await newContext(browser, { language: 'en-GB' });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('lang', 'EN'));
  return context.newPage();
}

async function openMember(page: Page, path = '/'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
}

async function chooseMerchant(page: Page): Promise<void> {
  const picker = page.getByLabel('Merchant');
  if (await picker.count()) await picker.selectOption(MERCHANT);
}

/** A `datetime-local` value `hours` from now at `:minutes`, on the browser's clock (the form reads it there). */
function plannedLocalTime(page: Page, hours: number, minutes: string): Promise<string> {
  return page.evaluate(
    ({ hours, minutes }) => {
      const at = new Date(Date.now() + hours * 3_600_000);
      const two = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${minutes}`;
    },
    { hours, minutes },
  );
}
describe('back office catalogue and site settings in a real browser', () => {
  const { browser, contexts } = useBrowserContexts();

  it('an admin puts a game into maintenance in the Catalogue page and the member launch shows the game-maintenance notice', async () => {
    const member = await englishMember(browser(), contexts);
    await openMember(member, '/rng');
    await dismissMemberPopups(member);
    const loginButton = member.locator('header').getByRole('button', { name: en('header.login'), exact: true });
    await loginButton.click();
    const dialog = member.getByRole('dialog');
    await dialog.locator('input[autocomplete="username"]').fill('demoplayer');
    await dialog.locator('input[autocomplete="current-password"]').fill('Demo@2025');
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await dismissMemberPopups(member);
    const tile = member.getByTestId('game-tile').nth(2);
    await tile.waitFor();
    const nodeId = Number(await tile.getAttribute('data-node-id'));
    const game = await findGame(nodeId);
    expect(game.isMaintenance).toBe(false);

    const admin = await adminPage(browser(), contexts);
    try {
      await admin.goto(`${baseUrl}/admin/#/catalogue`);
      await admin.getByRole('heading', { name: 'Catalogue' }).waitFor();
      await chooseMerchant(admin);
      const vendorRow = admin.getByTestId(`vendor-${game.vassalage}`);
      await vendorRow.waitFor();
      await screenshot(admin, 'admin-catalogue-desktop');
      await vendorRow.getByRole('button', { name: 'Games' }).click();
      await admin.getByRole('heading', { name: /^Games of/ }).waitFor();
      await admin.getByRole('searchbox').fill(game.gameCode);
      await admin.getByRole('button', { name: 'Find' }).click();
      const row = admin.getByTestId(`game-${nodeId}`);
      await row.waitFor();
      // Only the searched game is listed.
      await expect.poll(() => admin.locator('[data-testid^="game-"]').count()).toBe(1);
      const local = await plannedLocalTime(admin, 2, '00');
      await row.getByLabel(`Planned end of ${game.gameName} maintenance`).fill(local);
      await row.getByRole('switch', { name: `${game.gameName} in maintenance` }).check();
      await admin.getByTestId('feedback').getByText(`${game.gameName} is in maintenance until`).waitFor();
      const after = await findGame(nodeId);
      expect(after.isMaintenance).toBe(true);
      await screenshot(admin, 'admin-catalogue-games-desktop');

      // The member, in their own browser, tries to play it.
      await tile.hover();
      await tile.getByTestId('game-play').click();
      const notice = member.getByRole('dialog', { name: en('games.launch.maintenanceTitle') });
      await notice.waitFor({ timeout: 15_000 });
      await screenshot(member, 'admin-catalogue-member-maintenance');
      await notice
        .getByRole('button', { name: en('common.close') })
        .first()
        .click()
        .catch(() => undefined);

      // Out of maintenance again from the back office; the hot override set and reset there too.
      await row.getByRole('switch', { name: `${game.gameName} in maintenance` }).uncheck();
      await admin.getByTestId('feedback').getByText(`${game.gameName} is out of maintenance.`).waitFor();
      await row.getByLabel(`Hot of ${game.gameName}`).selectOption('yes');
      await admin.getByTestId('feedback').getByText(`${game.gameName}: hot on.`).waitFor();
      await row.getByRole('button', { name: 'Reset to catalogue' }).click();
      await admin.getByTestId('feedback').getByText(`${game.gameName}: hot, new and order back to the catalogue's values.`).waitFor();
      expect(await findGame(nodeId)).toMatchObject({ isMaintenance: false, overrides: { isHot: null, isNew: null, sort: null } });

      // The same page on a phone.
      const phone = await adminPage(browser(), contexts, { mobile: true });
      await phone.goto(`${baseUrl}/admin/#/catalogue`);
      await chooseMerchant(phone);
      await phone.getByTestId(`vendor-${game.vassalage}`).waitFor();
      await screenshot(phone, 'admin-catalogue-mobile');
      await phone.getByTestId(`vendor-${game.vassalage}`).getByRole('button', { name: 'Games' }).click();
      await phone.getByRole('searchbox').fill(game.gameName);
      await phone.getByRole('button', { name: 'Find' }).click();
      await phone.getByTestId(`game-${nodeId}`).waitFor();
      await screenshot(phone, 'admin-catalogue-games-mobile');
    } finally {
      await operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/catalogue/merchants/${MERCHANT}/games/${nodeId}`, {
        isMaintenance: false,
        maintenanceEnd: null,
        isHot: null,
        isNew: null,
        sort: null,
      });
    }
  });

  it('an admin rotates a vendor secret behind a confirm and sees it once', async () => {
    const admin = await adminPage(browser(), contexts);
    await admin.goto(`${baseUrl}/admin/#/catalogue`);
    await chooseMerchant(admin);
    const vendors = await operatorGet<{ list: { vassalage: string; name: string; isHouse: boolean }[] }>(
      `/admin-api/catalogue/merchants/${MERCHANT}/vendors`,
    );
    // A vendor no other spec signs calls for: the last third-party one listed.
    const vendor = vendors.list.filter((item) => !item.isHouse).at(-1);
    if (!vendor) throw new Error('no third-party vendor');
    const row = admin.getByTestId(`vendor-${vendor.vassalage}`);
    await row.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = admin.getByRole('dialog', { name: `Rotate the secret of ${vendor.name}` });
    await dialog.getByText('every merchant').waitFor();
    await screenshot(admin, 'admin-catalogue-rotate-confirm');
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const secret = dialog.getByLabel('New secret');
    await secret.waitFor();
    expect((await secret.inputValue()).length).toBeGreaterThanOrEqual(32);
    await dialog.getByText('only time the secret is shown').waitFor();
    await screenshot(admin, 'admin-catalogue-secret-shown');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await admin.getByLabel('New secret').count()).toBe(0);
  });

  it('an admin switches the free-play flag and the site maintenance on and off; the member site follows', async () => {
    const admin = await adminPage(browser(), contexts);
    const member = await englishMember(browser(), contexts);
    let originalUsernameMax: number | null = null;
    try {
      await admin.goto(`${baseUrl}/admin/#/site`);
      await admin.getByRole('heading', { name: 'Site settings' }).waitFor();
      await chooseMerchant(admin);
      const freePlay = admin.getByTestId('flag-FREEPLAY3').getByRole('switch');
      await freePlay.waitFor();
      expect(await freePlay.isChecked()).toBe(true);
      await screenshot(admin, 'admin-site-settings-desktop');

      // Free play off: the member site no longer offers it.
      await freePlay.uncheck();
      await admin.getByTestId('feedback').getByText('FREEPLAY3 (Free play (trial accounts)) switched off.').waitFor();
      await openMember(member);
      await dismissMemberPopups(member);
      await member
        .getByRole('button', { name: en('header.login'), exact: true })
        .first()
        .waitFor();
      expect(await member.getByRole('button', { name: en('header.freeplay') }).count()).toBe(0);
      await freePlay.check();
      await admin.getByTestId('feedback').getByText('FREEPLAY3 (Free play (trial accounts)) switched on.').waitFor();
      await openMember(member);
      await member
        .getByRole('button', { name: en('header.freeplay') })
        .first()
        .waitFor();

      // Site maintenance with a planned end: members see the maintenance page, then the site again.
      const status = admin.getByRole('form', { name: 'Maintenance' });
      const local = await plannedLocalTime(admin, 1, '30');
      await status.getByLabel(/Planned end/).fill(local);
      await status.getByRole('button', { name: 'Start maintenance' }).click();
      await admin
        .getByTestId('feedback')
        .getByText(/is in maintenance until/)
        .waitFor();
      expect(await admin.getByTestId('site-status').textContent()).toBe('maintenance');
      await screenshot(admin, 'admin-site-maintenance-desktop');
      await member.goto(`${baseUrl}/`);
      await member.getByText(en('status.maintenanceTitle')).waitFor({ timeout: 15_000 });
      await screenshot(member, 'admin-site-member-maintenance');
      await status.getByRole('button', { name: 'End maintenance' }).click();
      await admin
        .getByTestId('feedback')
        .getByText(/is open again\./)
        .waitFor();
      expect(await admin.getByTestId('site-status').textContent()).toBe('open');
      await openMember(member);
      await member
        .getByRole('button', { name: en('header.freeplay') })
        .first()
        .waitFor({ timeout: 15_000 });
      expect(await member.getByText(en('status.maintenanceTitle')).count()).toBe(0);

      // A registration rule: the longest username allowed, saved from its row and put back.
      const rules = await operatorGet<{ fields: { field: string; maxLength: number }[] }>(
        `/admin-api/merchants/${MERCHANT}/registration-rules`,
      );
      const username = rules.fields.find((rule) => rule.field === 'username');
      if (!username) throw new Error('no username rule');
      originalUsernameMax = username.maxLength;
      const ruleRow = admin.getByTestId('rule-username');
      await ruleRow.scrollIntoViewIfNeeded();
      await ruleRow.getByLabel('username maximum length').fill(String(username.maxLength + 1));
      await ruleRow.getByRole('button', { name: 'Save' }).click();
      await admin
        .getByTestId('feedback')
        .getByText(new RegExp(`^username: \\d+ to ${username.maxLength + 1} characters`))
        .waitFor();
      await screenshot(admin, 'admin-site-registration-desktop');
      await ruleRow.getByLabel('username maximum length').fill(String(username.maxLength));
      await ruleRow.getByRole('button', { name: 'Save' }).click();
      await admin
        .getByTestId('feedback')
        .getByText(new RegExp(`^username: \\d+ to ${username.maxLength} characters`))
        .waitFor();

      // A bad region rule is refused with the reason, and nothing changes.
      await admin.getByLabel('IP block list').fill('not-an-ip');
      await admin.getByRole('button', { name: 'Save region rules' }).click();
      await admin.getByTestId('feedback').and(admin.getByRole('alert')).waitFor();
      await admin.getByLabel('IP block list').fill('');

      // The same page on a phone.
      const phone = await adminPage(browser(), contexts, { mobile: true });
      await phone.goto(`${baseUrl}/admin/#/site`);
      await chooseMerchant(phone);
      await phone.getByTestId('flag-FREEPLAY3').waitFor();
      await screenshot(phone, 'admin-site-settings-mobile');
      await phone.getByTestId('rule-username').scrollIntoViewIfNeeded();
      await screenshot(phone, 'admin-site-registration-mobile');
    } finally {
      await operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/merchants/${MERCHANT}/maintenance`, { on: false });
      await operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/merchants/${MERCHANT}/flags/FREEPLAY3`, { on: true });
      if (originalUsernameMax !== null)
        await operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/merchants/${MERCHANT}/registration-rules/username`, {
          maxLength: originalUsernameMax,
        });
    }
  });

  it('support sees the Catalogue and Site settings pages read-only, on a phone', async () => {
    const context = await newContext(browser(), { mobile: true });
    contexts.push(context);
    const support = await context.newPage();
    await support.goto(`${baseUrl}/admin/`);
    await support.getByLabel('Username').fill(SUPPORT.username);
    await support.getByLabel('Password').fill(SUPPORT.password);
    await support.getByRole('button', { name: 'Log in' }).click();
    await support.getByTestId('operator-name').waitFor();

    await support.getByRole('link', { name: 'Catalogue' }).click();
    await support.getByTestId('read-only').waitFor();
    await chooseMerchant(support);
    await support.locator('[data-testid^="vendor-"]').first().waitFor();
    expect(await support.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);
    expect(await support.getByRole('button', { name: 'Start maintenance' }).count()).toBe(0);
    const laneSwitches = support.getByRole('switch');
    expect(await laneSwitches.count()).toBeGreaterThan(0);
    expect(await laneSwitches.first().isDisabled()).toBe(true);
    await screenshot(support, 'admin-catalogue-support-mobile');

    await support.getByRole('link', { name: 'Site settings' }).click();
    await support.getByTestId('flag-FREEPLAY3').waitFor();
    expect(await support.getByTestId('flag-FREEPLAY3').getByRole('switch').isDisabled()).toBe(true);
    expect(await support.getByRole('button', { name: 'Start maintenance' }).count()).toBe(0);
    expect(await support.getByRole('button', { name: 'Save region rules' }).count()).toBe(0);
    await screenshot(support, 'admin-site-settings-support-mobile');
    await support.getByTestId('rule-username').scrollIntoViewIfNeeded();
    expect(await support.getByTestId('rule-username').getByLabel('username maximum length').isDisabled()).toBe(true);
    await screenshot(support, 'admin-site-registration-support-mobile');

    const token = await support.evaluate(() => sessionStorage.getItem('kismat.admin.token'));
    const refused = await fetch(`${baseUrl}/admin-api/merchants/${MERCHANT}/flags/FREEPLAY3`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ on: false }),
    });
    expect(refused.status).toBe(403);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { field, logIn, openSite as openAccountsSite, openLogin, text } from '../support/accounts-site';
import { launchBrowser, PLAYER_TIMEZONE, screenshot } from '../support/browser';
import { apiClient } from '../support/member-api';
import { pageCall } from '../support/member-login';
import { createMember, type SpecLanguage, saferText, serverMessagePattern } from '../support/safer-gambling';
import { BENGALI, fundMember, logInOperator, messages } from '../support/site';

/**
 * Issue 17 in Chromium, in Bangla and in English, each with a member of its own: from the home
 * page's footer to the safer gambling page, a 24-hour deposit limit of 300.00 is set (it applies
 * at once); 200.00 is deposited and credited, and a further 200.00 is refused on the deposit
 * page with the server's message (when the limit resets) in the page's language, no deposit made; a 24-hour time-out is taken through its two-step
 * confirmation, the member is logged out, and the next login is refused in the login popup with
 * the server's message. The BN run also screenshots the page at 390 and 1440 px.
 */

const baseUrl = inject('baseUrl');
const api = apiClient(baseUrl);
const PASSWORD = 'Kx7mRq2vLw';
const LIMIT = '300';
const FUNDED = '200';
/** 200.00 credited + 200.00 more would cross the 300.00 limit: refused, saying when it resets. */
const OVER_LIMIT = '200';
const FINANCE = { username: 'demofinance', password: 'Demo@2025' };

/**
 * The back office's Player protection page: the member is in the near-limit report (200.00 of
 * 300.00 deposited), opens from it; a stricter limit (250.00) applies, a looser one (1000.00) is
 * refused with the server's message.
 */
async function operatorTightens(browser: Browser, username: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: PLAYER_TIMEZONE });
  const page = await context.newPage();
  await logInOperator(page, baseUrl, FINANCE);
  await page.goto(`${baseUrl}/admin/#/protection`);
  const report = page.getByTestId('rg-near-limits');
  await report.getByLabel('Used at least').selectOption('50');
  const row = report.locator('tr', { hasText: username });
  await row.waitFor();
  expect(await row.textContent()).toContain('67%');
  await row.getByRole('button', { name: 'Open' }).click();
  const view = page.getByTestId('rg-member');
  await view.getByRole('heading', { name: new RegExp(username) }).waitFor();
  await view.getByLabel('Amount').fill('250');
  await view.getByLabel(/Reason/).fill('e2e: stricter limit after a review');
  await view.getByRole('button', { name: 'Set stricter limit' }).click();
  await view.getByTestId('feedback').filter({ hasText: '250.00' }).waitFor();
  await view.getByLabel('Amount').fill('1000');
  await view.getByLabel(/Reason/).fill('e2e: a looser limit is refused');
  await view.getByRole('button', { name: 'Set stricter limit' }).click();
  await view
    .getByTestId('feedback')
    .filter({ hasText: serverMessagePattern('RG_OPERATOR_CANNOT_LOOSEN', 'en') })
    .waitFor();
  await screenshot(page, 'responsible-gambling-admin-desktop');
  await context.close();
}

async function setDailyDepositLimit(page: Page, language: SpecLanguage): Promise<void> {
  const safer = saferText(language);
  const row = page.getByTestId('limit-DEPOSIT-DAY');
  await row.getByRole('button', { name: safer('limits.set') }).click();
  await row.getByRole('textbox', { name: safer('limits.valueMoney') }).fill(LIMIT);
  await row.getByRole('button', { name: safer('limits.save') }).click();
  await row.getByText(safer('limits.applied')).waitFor();
  // In force at once, nothing used yet.
  await expect.poll(() => row.textContent()).toContain('300.00');
  expect(await page.getByTestId('pending-DEPOSIT-DAY').count()).toBe(0);
}

async function depositAboveTheLimit(page: Page, language: SpecLanguage): Promise<void> {
  const shell = messages(language);
  await page.goto(`${baseUrl}/member?page=depositv2`);
  // The limit is set, so the first-deposit prompt gives way to the quiet link to the page.
  await page.getByTestId('deposit-safer-link').waitFor();
  const sandbox = page.locator('button[aria-pressed]').filter({ hasText: shell('wallet.deposit.sandboxTag') });
  await sandbox.first().click();
  await page.getByRole('textbox', { name: shell('wallet.amount') }).fill(OVER_LIMIT);
  await page.getByRole('button', { name: shell('wallet.deposit.payOnline') }).click();
  const refusal = page.getByRole('alert').filter({ hasText: serverMessagePattern('RG_LIMIT_REACHED', language) });
  await refusal.waitFor({ timeout: 15_000 });
  const shown = (await refusal.textContent()) ?? '';
  if (language === 'bn') expect(shown).toMatch(BENGALI);
  else expect(shown).not.toMatch(BENGALI);
  // The reset time in the site's time, Latin digits in every language.
  expect(shown).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC[+-]\d{2}:\d{2}\)/);
  // Refused in the deposit's own transaction: no order was made, only the funded one exists.
  const deposits = await pageCall<{ amount: string }[]>(page, 'GET', '/wps/v2/cashier/deposits');
  expect(deposits.value.map((deposit) => deposit.amount)).toEqual(['200.00']);
}

async function takeDayTimeOut(page: Page, language: SpecLanguage, username: string): Promise<void> {
  const safer = saferText(language);
  await page.goto(`${baseUrl}/responsible-gambling#break`);
  const card = page.getByTestId('time-out');
  await card.getByRole('radio', { name: safer('break.durations.24H') }).check();
  await card.getByRole('button', { name: safer('break.takeTimeOut') }).click();
  const confirm = page.getByTestId('break-confirm');
  await confirm.waitFor();
  const button = confirm.getByRole('button', { name: safer('break.confirmButton') });
  // Nothing happens before both steps are done.
  expect(await button.isDisabled()).toBe(true);
  await confirm.getByRole('textbox').fill(username);
  await confirm.getByRole('checkbox').check();
  await button.click();
  await page
    .locator('header')
    .getByRole('button', { name: messages(language)('header.login') })
    .waitFor({ timeout: 15_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
}

describe('responsible gambling in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ['bn', 'en'] as const) {
    it(`sets a deposit limit, is refused a deposit over it, takes a 24 h time-out and is refused at login (${language})`, async () => {
      const member = await createMember(api, `rg${language}`, PASSWORD);
      const site = await openAccountsSite(browser, language);
      const { page } = site;
      await logIn(site, member.username, member.password);

      // Linked from the home page's footer.
      await page.getByTestId('footer-safer-gambling').click();
      await page.waitForURL(/\/responsible-gambling/);
      await page.getByRole('heading', { level: 1, name: saferText(language)('title') }).waitFor();

      await setDailyDepositLimit(page, language);
      if (language === 'bn') {
        await screenshot(page, 'responsible-gambling-bn-desktop');
        const phone = await openAccountsSite(browser, 'bn', { mobile: true });
        await logIn(phone, member.username, member.password);
        await phone.page.goto(`${baseUrl}/responsible-gambling`);
        await phone.page.getByTestId('limit-DEPOSIT-DAY').waitFor();
        await screenshot(phone.page, 'responsible-gambling-bn-mobile');
        await phone.context.close();
      }

      // A deposit under the limit is credited and counts toward it.
      await fundMember(page, { baseUrl, operatorToken: inject('operatorToken') }, FUNDED);
      await depositAboveTheLimit(page, language);
      // The operator sees the member near the limit and tightens it.
      if (language === 'en') await operatorTightens(browser, member.username);
      await takeDayTimeOut(page, language, member.username);

      // The time-out ended every session on the server too.
      const refusedLogin = await api.login(member.username, member.password).catch((error: unknown) => String(error));
      expect(refusedLogin).toContain('RG_EXCLUDED');

      const login = await openLogin(site);
      await field(login, text(language, 'accounts:fields.username')).fill(member.username);
      await field(login, text(language, 'accounts:fields.password')).fill(member.password);
      await login.getByRole('button', { name: text(language, 'accounts:login.submit'), exact: true }).click();
      const refusal = login.getByRole('alert').filter({ hasText: serverMessagePattern('RG_EXCLUDED', language) });
      await refusal.waitFor({ timeout: 15_000 });
      if (language === 'bn') expect((await refusal.textContent()) ?? '').toMatch(BENGALI);
      await screenshot(page, `responsible-gambling-login-refused-${language}`);
      await site.context.close();
    }, 180_000);
  }

  /**
   * The reality-check popup over the slot, in BN at 1440 and 390 px. The server's shortest
   * interval is 15 minutes, too long for a test: the page's GET of the check is answered here
   * (STAGED, labelled: due 15 s after the slot is ready, the same schedule shape the server sends),
   * everything else is the real server. Before the check the spin button is live; while the
   * check waits for an answer it is disabled.
   */
  it('shows the reality check on time over the slot and pauses it (bn, staged schedule)', async () => {
    const member = await createMember(api, 'rgcheck', PASSWORD);
    const { titles } = await api.call<{ titles: { titleId: string }[] }>('GET', '/bgs/api/slots/titles');
    const titleId = titles[0]?.titleId ?? '';
    const spinName = messages('bn')('houseGames.slot.spin');
    for (const mobile of [false, true]) {
      const site = await openAccountsSite(browser, 'bn', { mobile });
      const { page } = site;
      const startedAt = Date.now();
      // Not due while the member logs in and the slot loads; set once the slot is ready.
      let dueAt = startedAt + 3_600_000;
      await page.route('**/wps/member/responsible-gambling/reality-check', async (route) => {
        if (route.request().method() !== 'GET') return route.continue();
        const now = Date.now();
        const value = {
          intervalMinutes: 30,
          sessionStartedAt: new Date(startedAt - 30 * 60_000).toISOString(),
          elapsedSeconds: Math.floor((now - startedAt) / 1000) + 30 * 60,
          staked: '1250.00',
          won: '980.00',
          net: '-270.00',
          nextDueAt: new Date(dueAt).toISOString(),
          due: now >= dueAt,
        };
        await route.fulfill({ json: { success: true, code: 'OK', message: 'OK', value } });
      });
      await logIn(site, member.username, member.password);
      if (!mobile) await fundMember(page, { baseUrl, operatorToken: inject('operatorToken') }, '500');
      await page.goto(`${baseUrl}/bgs?gameCode=${titleId}`);
      const spin = page.getByRole('button', { name: spinName, exact: true });
      await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
      // The check falls due 15 s from now; the page reads the new schedule as it loads again.
      dueAt = Date.now() + 15_000;
      await page.reload();
      await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(Date.now()).toBeLessThan(dueAt);
      const check = page.getByTestId('reality-check-dialog');
      await check.waitFor({ timeout: 30_000 });
      expect(Date.now()).toBeGreaterThanOrEqual(dueAt);
      expect(await spin.isDisabled()).toBe(true);
      expect(await check.getByTestId('reality-check-played').textContent()).toMatch(/30 মিনিট/);
      await screenshot(page, `responsible-gambling-reality-check-bn-${mobile ? 'mobile' : 'desktop'}`);
      await site.context.close();
    }
  }, 180_000);
});

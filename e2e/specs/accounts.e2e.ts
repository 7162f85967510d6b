import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  accountMenuButton,
  answerCaptcha,
  dialog,
  expectSignedIn,
  field,
  logIn,
  openLogin,
  openSite,
  type Registered,
  randomUsername,
  register,
  restorePassword,
  sendSmsCode,
  signOut,
  templatePattern,
  text,
} from '../support/accounts-site';
import { launchBrowser, screenshot } from '../support/browser';
import { canSolveCaptcha, setPasswordFromBeforeTheRules } from '../support/registration';

/**
 * Issue 3's acceptance list in a real browser, against the built site and the real server on a
 * fresh database: register by username and by mobile (SMS codes read from the stand-in SMS
 * gateway the server delivers to, e2e/support/global-setup.ts), log out, log in, the captcha after three wrong passwords,
 * forgot by phone, the forced change of 123456, the trial player's limits and the agent login,
 * in BN and EN.
 *
 * Registration always shows a captcha (the seeded rules require it). The server offers no
 * test-only way to read a captcha answer, so on Postgres the spec reads the stored answer hash
 * and finds the answer by exhaustion (support/registration.ts); on the embedded database (one
 * process only) the flows that must pass a captcha are skipped.
 */

const baseUrl = inject('baseUrl');

/** Server messages the spec fixes (platform/messages.ts). */
const SERVER_TEXT = {
  AGENT_ONLY: { bn: 'এজেন্ট ছাড়া লগইন করা যাবে না', en: 'Non-agents cannot log in' },
  LOGIN_FAILED: { bn: 'অ্যাকাউন্ট বা পাসওয়ার্ড সঠিক নয়', en: 'The account or password is incorrect' },
};

const DEMO = {
  agent: { username: 'demoagent', password: 'Demo@2025' },
  player: { username: 'demoplayer', password: 'Demo@2025', mobile: '1700000001' },
};

describe('accounts in a real browser', () => {
  let browser: Browser;
  let demoPlayerPassword = DEMO.player.password;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    if (demoPlayerPassword !== DEMO.player.password) {
      // Later specs log in as the demo player with its seeded password.
      await restorePassword(DEMO.player.username, demoPlayerPassword, DEMO.player.password);
    }
    await browser.close();
  });

  describe.each(['bn', 'en'] as const)('in %s', (language) => {
    const registered: { byUsername?: Registered; byMobile?: Registered } = {};

    it.skipIf(!canSolveCaptcha)('registers by username, logs out and logs in again', { timeout: 120_000 }, async () => {
      const site = await openSite(browser, language);
      const member = await register(site, 'username', `Pass${randomInt(1000, 9999)}x`);
      registered.byUsername = member;
      await expectSignedIn(site, member.nickname);
      expect(new URL(site.page.url()).pathname).toBe('/');
      expect(
        await site.page.evaluate(() => ({ account: sessionStorage.getItem('account'), isAgent: sessionStorage.getItem('isAgent') })),
      ).toEqual({
        account: member.username,
        isAgent: 'false',
      });
      await accountMenuButton(site).click();
      await screenshot(site.page, `accounts-header-menu-${language}-desktop`);
      await site.page.keyboard.press('Escape');

      await signOut(site);
      await logIn(site, member.username, member.password);
      await expectSignedIn(site, member.nickname);
      await screenshot(site.page, `accounts-signed-in-${language}-desktop`);
      await site.context.close();
    });

    it.skipIf(!canSolveCaptcha)('registers by mobile number (the number becomes the username)', { timeout: 120_000 }, async () => {
      const site = await openSite(browser, language, { mobile: language === 'en' });
      const member = await register(site, 'mobile', `Mob${randomInt(1000, 9999)}pass`);
      registered.byMobile = member;
      await expectSignedIn(site, member.mobile);
      expect(await site.page.evaluate(() => sessionStorage.getItem('username'))).toBe(member.mobile);
      await screenshot(site.page, `accounts-registered-mobile-${language}-${language === 'en' ? 'mobile' : 'desktop'}`);
      await site.context.close();
    });

    it('shows the captcha after three wrong passwords', { timeout: 90_000 }, async () => {
      const site = await openSite(browser, language);
      const login = await openLogin(site);
      await screenshot(site.page, `accounts-login-${language}-desktop`);
      const username = registered.byUsername?.username ?? randomUsername('nobody');
      await field(login, text(language, 'accounts:fields.username')).fill(username);
      const captchaField = field(login, text(language, 'accounts:fields.captcha'));
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect(await captchaField.count()).toBe(0);
        await field(login, text(language, 'accounts:fields.password')).fill(`wrong-${attempt}`);
        await login.getByRole('button', { name: text(language, 'accounts:login.submit'), exact: true }).click();
        await login.getByText(SERVER_TEXT.LOGIN_FAILED[language]).waitFor();
      }
      await captchaField.waitFor();
      await login.getByRole('img', { name: text(language, 'common.captchaImage') }).waitFor();
      await screenshot(site.page, `accounts-login-captcha-${language}-desktop`);

      // Without the captcha the form does not even ask the server.
      await field(login, text(language, 'accounts:fields.password')).fill('whatever');
      await login.getByRole('button', { name: text(language, 'accounts:login.submit'), exact: true }).click();
      await login.getByText(text(language, 'accounts:validation.captchaRequired')).waitFor();

      if (canSolveCaptcha && registered.byUsername) {
        await answerCaptcha(site, login, 0);
        await field(login, text(language, 'accounts:fields.password')).fill(registered.byUsername.password);
        await login.getByRole('button', { name: text(language, 'accounts:login.submit'), exact: true }).click();
        await login.waitFor({ state: 'detached', timeout: 20_000 });
        await expectSignedIn(site, registered.byUsername.nickname);
      }
      await site.context.close();
    });

    it.skipIf(!canSolveCaptcha)('forces the change-password popup after a login with 123456', { timeout: 150_000 }, async () => {
      const site = await openSite(browser, language);
      const member = await register(site, 'username', `Before${randomInt(1000, 9999)}rules`);
      await expectSignedIn(site, member.nickname);
      await signOut(site);
      // An existing account whose password is exactly 123456 (the spec): registration refuses it now.
      await setPasswordFromBeforeTheRules(member.username, '123456');
      await logIn(site, member.username, '123456');
      const change = dialog(site, 'accounts:changePassword.title');
      await change.waitFor();
      // Forced: no close button, the username read-only, no old password (held from the login).
      expect(await change.getByRole('button', { name: text(language, 'common.close') }).count()).toBe(0);
      expect(await field(change, text(language, 'accounts:fields.username')).inputValue()).toBe(member.username);
      expect(await field(change, text(language, 'accounts:fields.oldPassword')).count()).toBe(0);
      await screenshot(site.page, `accounts-forced-change-${language}-desktop`);
      const newPassword = `Chg${randomInt(1000, 9999)}word`;
      await field(change, text(language, 'accounts:fields.newPassword')).fill(newPassword);
      await field(change, text(language, 'accounts:fields.confirmPassword')).fill(newPassword);
      await change.getByRole('button', { name: text(language, 'accounts:changePassword.submit'), exact: true }).click();
      await change.waitFor({ state: 'detached', timeout: 30_000 });
      await expectSignedIn(site, member.nickname);
      await signOut(site);
      await logIn(site, member.username, newPassword);
      await expectSignedIn(site, member.nickname);
      expect(await dialog(site, 'accounts:changePassword.title').count()).toBe(0);
      await site.context.close();
    });

    it('keeps a trial player out of the member centre and member-only actions', { timeout: 90_000 }, async () => {
      const site = await openSite(browser, language);
      await site.page
        .locator('header')
        .getByRole('button', { name: text(language, 'header.freeplay') })
        .click();
      await site.page.locator('header').getByText(text(language, 'header.trialTag'), { exact: true }).waitFor({ timeout: 20_000 });
      expect(await site.page.evaluate(() => sessionStorage.getItem('isTrial'))).toBe('true');
      const trueAccount = site.page.getByRole('dialog', { name: text(language, 'trial.title') });

      await site.page
        .locator('header')
        .getByRole('button', { name: text(language, 'header.deposit'), exact: true })
        .click();
      await trueAccount.waitFor();
      await screenshot(site.page, `accounts-trial-blocked-${language}-desktop`);
      await trueAccount.getByRole('button', { name: text(language, 'trial.later') }).click();
      await trueAccount.waitFor({ state: 'detached' });

      await site.page.goto(`${baseUrl}/member?page=securityCenter`);
      await trueAccount.waitFor();
      expect(new URL(site.page.url()).pathname).toBe('/');
      await site.context.close();
    });

    it('refuses a member on the agent login page and admits an agent', { timeout: 90_000 }, async () => {
      const site = await openSite(browser, language, { path: '/agent' });
      const { page } = site;
      expect(await page.locator('header').count()).toBe(0);
      expect(await page.getByLabel(text(language, 'accounts:login.remember')).count()).toBe(0);
      await field(page, text(language, 'accounts:fields.username')).fill(DEMO.player.username);
      await field(page, text(language, 'accounts:fields.password')).fill(demoPlayerPassword);
      await page.getByRole('button', { name: text(language, 'accounts:login.submitAgent') }).click();
      await page.getByText(SERVER_TEXT.AGENT_ONLY[language]).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      await screenshot(page, `accounts-agent-refused-${language}-desktop`);

      await field(page, text(language, 'accounts:fields.username')).fill(DEMO.agent.username);
      await field(page, text(language, 'accounts:fields.password')).fill(DEMO.agent.password);
      await page.getByRole('button', { name: text(language, 'accounts:login.submitAgent') }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/agentHome');
      expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('true');
      await site.context.close();
    });

    it('shows the security centre with its rows', { timeout: 120_000 }, async () => {
      const member = registered.byUsername;
      const site = await openSite(browser, language, { mobile: language === 'en' });
      const { page } = site;
      if (member) {
        await logIn(site, member.username, member.password);
      } else {
        await logIn(site, DEMO.player.username, demoPlayerPassword);
      }
      await page.goto(`${baseUrl}/member?page=securityCenter`);
      await page.getByText(text(language, 'accounts:security.levelTitle')).waitFor({ timeout: 20_000 });
      for (const key of ['loginPassword.title', 'paymentPassword.title', 'mobile.title', 'email.title', 'bank.title', 'profile.title']) {
        await page
          .getByRole('listitem')
          .filter({ hasText: text(language, `accounts:security.${key}`) })
          .first()
          .waitFor();
      }
      await screenshot(page, `accounts-security-centre-${language}-${language === 'en' ? 'mobile' : 'desktop'}`);

      if (member) {
        // Payment password, then a bank account whose binding warns that it cannot be undone.
        await page.getByRole('button', { name: text(language, 'accounts:security.set') }).click();
        const payment = dialog(site, 'accounts:security.paymentPassword.setTitle');
        await field(payment, text(language, 'accounts:fields.password')).fill(member.password);
        await field(payment, text(language, 'accounts:security.paymentPassword.new')).fill('246810');
        await field(payment, text(language, 'accounts:security.paymentPassword.confirm')).fill('246810');
        await payment.getByRole('button', { name: text(language, 'accounts:security.paymentPassword.submitSet') }).click();
        await payment.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: text(language, 'accounts:security.manage') }).click();
        const bank = dialog(site, 'accounts:security.bank.title');
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.addNew') }).click();
        await field(bank, text(language, 'accounts:security.bank.accountName')).fill('Rahim Uddin');
        await field(bank, text(language, 'accounts:security.bank.bankName')).fill('Dutch-Bangla Bank');
        await field(bank, text(language, 'accounts:security.bank.accountNumber')).fill(`1234${randomInt(100_000, 999_999)}`);
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.add') }).click();
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.bind') }).click();
        await bank.getByRole('note').waitFor();
        expect((await bank.getByRole('note').textContent()) ?? '').toMatch(
          templatePattern(language, 'accounts:security.bank.confirmWarning'),
        );
        await screenshot(page, `accounts-bank-bind-warning-${language}-${language === 'en' ? 'mobile' : 'desktop'}`);
        await field(bank, text(language, 'accounts:fields.paymentPassword')).fill('246810');
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.confirmBind') }).click();
        await bank.getByText(text(language, 'accounts:security.bank.boundTag'), { exact: true }).waitFor();
      }
      await site.context.close();
    });

    // Last of the block: the number registered by mobile above may ask for its next code only a
    // minute after its registration code (the server's per-number limit); the tests in between
    // take longer than that, so the code is sent at once instead of after the countdown.
    it('sets a new password by phone and is logged in with it', { timeout: 150_000 }, async () => {
      const site = await openSite(browser, language);
      const useDemo = !registered.byMobile;
      const mobile = registered.byMobile?.mobile ?? DEMO.player.mobile;
      const newPassword = `New${randomInt(1000, 9999)}pass`;
      const login = await openLogin(site);
      await login.getByRole('button', { name: text(language, 'accounts:login.forgot') }).click();
      const forgot = dialog(site, 'accounts:forgot.title');
      await forgot.waitFor();
      // CHNGPASSVERIF3 is on for the default merchant: the mobile tab comes first.
      expect(await forgot.getByRole('tab', { name: text(language, 'accounts:forgot.tabMobile') }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await field(forgot, text(language, 'accounts:fields.mobile')).fill(mobile);
      const code = await sendSmsCode(site, forgot, mobile);
      await field(forgot, text(language, 'accounts:fields.smsCode')).fill(code);
      await field(forgot, text(language, 'accounts:fields.newPassword')).fill(newPassword);
      await field(forgot, text(language, 'accounts:fields.confirmPassword')).fill(newPassword);
      await screenshot(site.page, `accounts-forgot-phone-${language}-desktop`);
      await forgot.getByRole('button', { name: text(language, 'accounts:forgot.submitMobile') }).click();
      await forgot.waitFor({ state: 'detached', timeout: 30_000 });
      await expectSignedIn(site, useDemo ? 'Demo Player' : mobile);
      expect(new URL(site.page.url()).pathname).toBe('/');
      if (useDemo) demoPlayerPassword = newPassword;
      else if (registered.byMobile) registered.byMobile.password = newPassword;
      await site.context.close();
    });
  });
});

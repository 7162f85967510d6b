import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowser } from '../support/browser';
import { englishContext, exactly, logInAtAgentPage } from '../support/member-login';
import { canSolveCaptcha, fillAndSubmitRegisterForm, watchCaptchas } from '../support/registration';
import { messages } from '../support/site';

/**
 * Issue 12 item 1: an agent recruits through its own invitation link. The demo agent makes a
 * link in the register centre; the link carries this site's origin and opens the register popup
 * with the code filled in; the code survives closing the popup, a language change and a reload;
 * a visitor in a new browser registers through it and the agent finds the new member in its
 * downline list. Older links (?affiliateCode=, any page) open the popup the same way.
 */

const baseUrl = inject('baseUrl');
const smsGatewayUrl = inject('smsGatewayUrl');
const en = messages('en');
const bn = messages('bn');
const AGENT = { username: 'demoagent', password: 'Demo@2025' };

type Messages = Record<string, unknown>;
const accountsOf = (language: 'bn' | 'en') =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/locales/accounts/${language}.json`), 'utf8'),
  ) as Messages & {
    register: { title: string; submit: string };
  };
const accounts = { bn: accountsOf('bn'), en: accountsOf('en') };

/** The announcement popup may greet a visitor at any time: closed whenever it is in the way. */
async function closeAnnouncementsWhenInTheWay(page: Page): Promise<void> {
  const titles = [bn('home.popup.title'), en('home.popup.title')];
  const announcement = page.getByRole('dialog', { name: new RegExp(`^(${titles.join('|')})$`) });
  await page.addLocatorHandler(announcement, async () => {
    await announcement
      .getByRole('button', { name: new RegExp(`^(${bn('common.close')}|${en('common.close')})$`) })
      .first()
      .dispatchEvent('click', undefined, { timeout: 2000 })
      .catch(() => undefined);
  });
}

describe('recruiting through an invitation link in a real browser', () => {
  const browser = useBrowser();

  it.skipIf(!canSolveCaptcha)(
    'an agent makes a link; a new visitor registers through it and lands in the agent’s downline',
    { timeout: 180_000 },
    async () => {
      // The agent makes a link in the register centre.
      const agentContext = await englishContext(browser());
      const agentPage = await agentContext.newPage();
      await logInAtAgentPage(agentPage, baseUrl, AGENT);
      await agentPage.waitForURL(/\/agentHome/, { timeout: 20_000 });
      const menu = agentPage.getByRole('navigation', { name: en('agentCentre.menu') });
      await menu.getByRole('link', { name: en('agentCentre.pages.registerCenter') }).click();
      const links = agentPage.getByRole('region', { name: en('agentCentre.invitations.title') });
      await links.getByRole('button', { name: en('agentCentre.invitations.new') }).click();
      const label = `e2e link ${Date.now().toString(36)}`;
      await links.getByLabel(exactly(en('agentCentre.invitations.label'))).fill(label);
      await links.getByLabel(exactly(en('agentCentre.register.accountType'))).selectOption('0');
      await links.getByRole('button', { name: en('agentCentre.invitations.create') }).click();
      const item = links.getByTestId('invitation-link').filter({ hasText: label });
      await item.waitFor({ timeout: 20_000 });
      await screenshot(agentPage, 'invitation-link-register-centre-desktop');
      const link = new URL((await item.locator('[title^="http"]').getAttribute('title')) ?? '');
      // The site's own origin (scheme, host and port), not https://localhost.
      expect(link.origin).toBe(new URL(baseUrl).origin);
      expect(link.pathname).toBe('/register');
      const code = link.searchParams.get('referralCode') ?? '';
      expect(await item.textContent()).toContain(en('agentCentre.invitations.code').replace('{{code}}', code));

      // A visitor opens the link in a browser of their own: the register popup, code filled in.
      const visitorContext = await newContext(browser());
      const visitor = await visitorContext.newPage();
      const captchaIds = watchCaptchas(visitor);
      await closeAnnouncementsWhenInTheWay(visitor);
      await visitor.goto(link.toString());
      await visitor.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
      const registerBn = visitor.getByRole('dialog', { name: accounts.bn.register.title });
      const codeField = (form: typeof registerBn) => form.locator('input[name="affiliateCode"]');
      await registerBn.waitFor({ timeout: 20_000 });
      await expect.poll(() => codeField(registerBn).inputValue()).toBe(code);
      await screenshot(visitor, 'invitation-link-register-popup-bn-desktop');

      // Closed, the language changed to English, opened again from the header: still there.
      await visitor.keyboard.press('Escape');
      await registerBn.waitFor({ state: 'detached' });
      await visitor.getByLabel(bn('shell.language')).selectOption('EN');
      await visitor
        .locator('header')
        .getByRole('button', { name: en('header.register') })
        .click();
      const registerEn = visitor.getByRole('dialog', { name: accounts.en.register.title });
      await registerEn.waitFor();
      await expect.poll(() => codeField(registerEn).inputValue()).toBe(code);

      // And after a reload of a page whose address no longer carries it.
      await visitor.keyboard.press('Escape');
      await registerEn.waitFor({ state: 'detached' });
      expect(new URL(visitor.url()).search).toBe('');
      await visitor.reload();
      await visitor.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
      await visitor
        .locator('header')
        .getByRole('button', { name: en('header.register') })
        .click();
      await registerEn.waitFor();
      await expect.poll(() => codeField(registerEn).inputValue()).toBe(code);

      // The visitor registers through it.
      const username = `inv${Date.now().toString(36)}`.slice(0, 16);
      await fillAndSubmitRegisterForm(registerEn, {
        smsGatewayUrl,
        captchaIds,
        username,
        password: 'Kx7mRq2vLw',
        texts: { sendCode: en('common.sendCode'), submit: accounts.en.register.submit },
      });
      await registerEn.waitFor({ state: 'detached', timeout: 30_000 });
      await expect.poll(() => visitor.evaluate(() => sessionStorage.getItem('account'))).toBe(username);
      // Registered: the code is not kept for a next sign-up on this tab.
      expect(await visitor.evaluate(() => sessionStorage.getItem('invitationCode'))).toBeNull();
      await visitorContext.close();

      // The agent sees the new member in its downline list, and the link counts it.
      await menu.getByRole('link', { name: en('agentCentre.pages.downlineManagmentView') }).click();
      await agentPage.getByTestId('downline-table').getByText(username, { exact: true }).waitFor({ timeout: 20_000 });
      await screenshot(agentPage, 'invitation-link-downline-desktop');
      // The link's count, read fresh (lists are cached for half a minute).
      await agentPage.reload();
      await agentPage.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
      await menu.getByRole('link', { name: en('agentCentre.pages.registerCenter') }).click();
      await expect
        .poll(async () => (await item.textContent()) ?? '', { timeout: 20_000 })
        .toContain(en('agentCentre.invitations.registrations').replace('{{count}}', '1'));
      await agentContext.close();
    },
  );

  it('opens the register popup with the code of an older ?affiliateCode= link on any page, on a phone', async () => {
    const context = await newContext(browser(), { mobile: true });
    const page = await context.newPage();
    await closeAnnouncementsWhenInTheWay(page);
    await page.goto(`${baseUrl}/promotions?affiliateCode=DEMO2025`);
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    const register = page.getByRole('dialog', { name: accounts.bn.register.title });
    await register.waitFor({ timeout: 20_000 });
    await expect.poll(() => register.locator('input[name="affiliateCode"]').inputValue()).toBe('DEMO2025');
    expect(new URL(page.url()).pathname).toBe('/promotions');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await screenshot(page, 'invitation-link-affiliate-code-bn-mobile');
    await context.close();
  });
});

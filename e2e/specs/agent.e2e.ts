import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser';
import { accountsEn as accounts, englishContext, exactly, logInAtAgentPage, pageCall } from '../support/member-login';
import { messages } from '../support/site';

/**
 * The agent centre in Chromium: the demo agent logs in at /agent, reads its team, registers a
 * downline, accepts its own top-level contract and offers a daily salary to its demo player,
 * who accepts it; a member is refused at /agent.
 */
const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const AGENT = { username: 'demoagent', password: 'Demo@2025' };
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };

async function sessionValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => sessionStorage.getItem(name), key);
}

describe('agent centre in a real browser', () => {
  const browser = useBrowser();

  it('takes the agent from /agent to /agentHome, with its team, a new downline and a contract offer the member accepts', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await logInAtAgentPage(page, baseUrl, AGENT);
    await page.waitForURL(/\/agentHome/, { timeout: 20_000 });

    // The agent view only: no site header navigation, the centre's own menu, clock and nickname.
    const menu = page.getByRole('navigation', { name: en('agentCentre.menu') });
    await menu.waitFor();
    await screenshot(page, 'agent-centre-desktop');
    expect(await page.getByRole('navigation', { name: en('shell.mainNav') }).count()).toBe(0);
    await expect.poll(async () => (await page.getByTestId('gmt-offset').textContent()) ?? '').toMatch(/^GMT[+-]\d{2}:\d{2}$/);
    const clockBefore = await page.getByTestId('live-clock').textContent();
    // It ticks: a new time within a few seconds (not after a fixed wait).
    await expect.poll(() => page.getByTestId('live-clock').textContent(), { timeout: 3_000, interval: 100 }).not.toBe(clockBefore);

    // Team overview with figures.
    await page.getByTestId('team-overview').waitFor({ timeout: 20_000 });
    await screenshot(page, 'agent-team-overview-desktop');

    // The top-level daily-salary contract from the platform, accepted in the centre.
    const agentId = Number(await sessionValue(page, 'customerId'));
    const merchantCode = (await sessionValue(page, 'merchantCode')) ?? 'KISMAT';
    const response = await fetch(`${baseUrl}/admin-api/agent/contracts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        merchantCode,
        memberId: agentId,
        type: 'DAILY_SALARY',
        terms: { tiers: [{ minValidBet: '0', minActiveMembers: 0, rateBps: 100 }] },
      }),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    await page.reload();
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    await menu.getByRole('link', { name: en('agentCentre.pages.agentDailyWages2') }).click();
    const pending = page.getByTestId('pending-contract');
    await pending.waitFor({ timeout: 20_000 });
    await pending.getByRole('button', { name: en('agentCentre.contracts.accept') }).click();
    await pending.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText(en('agentCentre.contracts.activeTitle')).waitFor();

    // Downline management lists the demo player.
    await menu.getByRole('link', { name: en('agentCentre.pages.downlineManagmentView') }).click();
    const table = page.getByTestId('downline-table');
    await table.getByText(PLAYER.username, { exact: true }).waitFor({ timeout: 20_000 });

    // Register centre: a new downline member, checked against the server's field rules first.
    await menu.getByRole('link', { name: en('agentCentre.pages.registerCenter') }).click();
    const createForm = page.getByRole('form', { name: en('agentCentre.register.createTitle') });
    await createForm.waitFor();
    await createForm.getByRole('button', { name: en('agentCentre.register.submit') }).click();
    await createForm.getByText(en('agentCentre.register.required')).first().waitFor();
    const newUsername = `e2e${Date.now().toString(36)}`.slice(0, 16);
    await createForm.getByLabel(exactly(en('agentCentre.register.username'))).fill(newUsername);
    await createForm.getByLabel(exactly(en('agentCentre.register.password'))).fill('Agent@2025');
    await createForm.getByLabel(exactly(en('agentCentre.register.confirmPassword'))).fill('Agent@2025');
    await createForm.getByRole('button', { name: en('agentCentre.register.submit') }).click();
    await createForm.getByRole('status').waitFor({ timeout: 20_000 });
    expect(await createForm.getByRole('status').textContent()).toContain(newUsername);
    await screenshot(page, 'agent-register-centre-desktop');

    // Offer the demo player a daily salary: above my own 1% is refused in the form, 0.8% is sent.
    await menu.getByRole('link', { name: en('agentCentre.pages.downlineManagmentView') }).click();
    const row = page.getByTestId('downline-table').locator('tr', { hasText: PLAYER.username });
    await row.getByRole('button', { name: en('agentCentre.downlines.details') }).click();
    const drawer = page.getByRole('dialog', { name: en('agentCentre.downlines.detailsOf').replace('{{username}}', PLAYER.username) });
    await drawer.getByRole('button', { name: en('agentCentre.offer.open') }).click();
    const offer = page.getByRole('dialog', { name: en('agentCentre.offer.title').replace('{{username}}', PLAYER.username) });
    await offer.getByTestId('upline-ceiling').waitFor({ timeout: 20_000 });
    const rate = offer.getByTestId('tier-row').first().locator('input').nth(2);
    await rate.fill('1.5');
    await offer.getByRole('button', { name: en('agentCentre.offer.submit') }).click();
    await offer.getByText(en('agentCentre.tiers.aboveUplineRate').replace('{{limit}}', '1')).waitFor();
    await screenshot(page, 'agent-offer-contract-desktop');
    await rate.fill('0.8');
    await offer.getByRole('button', { name: en('agentCentre.offer.submit') }).click();
    await offer.waitFor({ state: 'detached', timeout: 20_000 });
    await drawer.getByText(en('agentCentre.contractStatus.PENDING')).waitFor({ timeout: 20_000 });
    await screenshot(page, 'agent-downline-drawer-desktop');
    await context.close();

    // The member accepts the offer (the member-side popup is not built yet: the relay call).
    const memberContext = await englishContext(browser());
    const memberPage = await memberContext.newPage();
    await logInAtAgentPage(memberPage, baseUrl, PLAYER);
    // A member is refused at /agent and stays there.
    await memberPage.getByText(/Non-agents cannot log in/).waitFor({ timeout: 20_000 });
    expect(new URL(memberPage.url()).pathname).toBe('/agent');
    await screenshot(memberPage, 'agent-login-member-refused');
    // The member signs in on the site (the login popup at /login), which stores its token.
    await memberPage.goto(`${baseUrl}/login`);
    await memberPage.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    const loginDialog = memberPage.getByRole('dialog', { name: accounts.login.title });
    // The username tab panel carries the same name as its field: address the text box itself.
    await loginDialog.getByRole('textbox', { name: exactly(accounts.fields.username) }).fill(PLAYER.username);
    await loginDialog.locator('input[autocomplete="current-password"]').fill(PLAYER.password);
    await loginDialog.getByRole('button', { name: accounts.login.submit, exact: true }).click();
    await loginDialog.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => sessionValue(memberPage, 'token')).toBeTruthy();
    const listed = await pageCall<{ pending: { id: number }[] }>(memberPage, 'POST', '/wps/relay/MCS2_processDailySalContract', {
      action: 'list',
    });
    expect(listed.value.pending.length).toBe(1);
    const accepted = await pageCall<{ active: { id: number; status: string } | null }>(
      memberPage,
      'POST',
      '/wps/relay/MCS2_processDailySalContract',
      {
        action: 'accept',
        contractId: listed.value.pending[0]?.id,
      },
    );
    expect(accepted.value.active?.status).toBe('ACTIVE');
    await memberContext.close();
  });

  it('sends a member who opens /agentHome back to /agent', async () => {
    const context = await englishContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/agentHome`);
    await page.waitForURL(/\/agent$/, { timeout: 20_000 });
    await context.close();
  });

  it('fits a phone: menu behind a toggle, clock and nickname in the bar', async () => {
    const context = await englishContext(browser(), true);
    const page = await context.newPage();
    await logInAtAgentPage(page, baseUrl, AGENT);
    await page.waitForURL(/\/agentHome/, { timeout: 20_000 });
    await page.getByTestId('agent-nickname').waitFor();
    expect(await page.getByRole('navigation', { name: en('agentCentre.menu') }).isVisible()).toBe(false);
    await page.getByRole('button', { name: en('agentCentre.bar.toggleMenu') }).click();
    const menu = page.getByRole('navigation', { name: en('agentCentre.menu') });
    await menu.waitFor();
    await screenshot(page, 'agent-menu-mobile');
    await menu.getByRole('link', { name: en('agentCentre.pages.agentTeamOverview') }).click();
    await menu.waitFor({ state: 'hidden' });
    await screenshot(page, 'agent-centre-mobile');
    await page.getByTestId('team-overview').waitFor({ timeout: 20_000 });
    await screenshot(page, 'agent-team-overview-mobile');
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await context.close();
  });
});

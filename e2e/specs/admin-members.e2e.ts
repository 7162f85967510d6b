import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowserContexts } from '../support/browser';
import { apiClient } from '../support/member-api';
import { randomMobile, smsCode } from '../support/registration';

/**
 * The back office's Members page in a real browser (issue 19): an operator finds a member by
 * the phone number they bound, opens the member's page, locks the account with a reason, and
 * the member's very next call on the session they already hold is refused. Screens at 1280 px
 * and at tablet width are kept for a look.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const smsGatewayUrl = inject('smsGatewayUrl');
const api = apiClient(baseUrl);
const AGENT = { username: 'demoagent', password: 'Demo@2025' };
const PASSWORD = 'Pq8sTn3wYz';

/** A new player under the demo agent, with a mobile number bound by SMS code as the security centre does. */
async function createPlayerWithPhone(): Promise<{ username: string; token: string; mobile: string }> {
  const agentToken = await api.login(AGENT.username, AGENT.password);
  const username = `desk${Date.now().toString(36)}`.slice(0, 16);
  await api.call('POST', '/wps/agent/register', { token: agentToken, isSealed: true, body: { username, password: PASSWORD, type: 0 } });
  const token = await api.login(username, PASSWORD);
  const mobile = randomMobile();
  const sentAt = Date.now();
  await api.call('POST', '/wps/verification/sms/bind', { token, body: { countryDialingCode: '+880', mobileNo: mobile } });
  const verificationCode = await smsCode(smsGatewayUrl, mobile, sentAt);
  await api.call('POST', '/wps/member/security/mobile', {
    token,
    isSealed: true,
    body: { countryDialingCode: '+880', mobileNo: mobile, verificationCode },
  });
  return { username, token, mobile };
}

async function adminPage(context: BrowserContext): Promise<Page> {
  await context.addInitScript((token) => sessionStorage.setItem('kismat.admin.token', token), operatorToken);
  return context.newPage();
}

describe('back office members in a real browser', () => {
  const { browser, contexts } = useBrowserContexts();

  it("an operator finds a member by phone, opens the page and locks the account: the member's next call is refused", async () => {
    const player = await createPlayerWithPhone();
    expect(await api.balanceOf(player.token)).toBeTruthy();

    const context = await newContext(browser());
    contexts.push(context);
    const admin = await adminPage(context);
    await admin.setViewportSize({ width: 1280, height: 860 });
    await admin.goto(`${baseUrl}/admin/#/members`);
    await admin.getByRole('heading', { name: 'Members' }).waitFor();
    // Keyboard: "/" jumps to the search box, Enter searches.
    await admin.keyboard.press('/');
    await admin.keyboard.type(player.mobile.slice(-8));
    await admin.keyboard.press('Enter');
    await admin.getByTestId('search-matched').getByText('phone').waitFor();
    expect(admin.url()).toContain(`q=${player.mobile.slice(-8)}`);
    const link = admin.getByRole('link', { name: player.username, exact: true });
    await link.waitFor();
    await screenshot(admin, 'admin-members-search-1280');
    await link.click();

    await admin.getByRole('heading', { name: new RegExp(player.username) }).waitFor();
    await expect.poll(() => admin.getByTestId('member-phone').textContent()).toBe(`+880${player.mobile}`);
    await screenshot(admin, 'admin-member-page-1280');
    await admin.getByTestId('member-lock').click();
    await admin.getByTestId('action-reason').fill('Account takeover reported by the owner on the phone');
    await admin.getByTestId('action-confirm').click();
    await admin.getByTestId('member-notice').getByText('Account locked').waitFor();
    await admin.getByText('Locked', { exact: true }).first().waitFor();

    // The session the member already holds is refused on its next call.
    const refused = await fetch(`${baseUrl}/wps/v2/wallets/balance`, { headers: { authorization: `Bearer ${player.token}` } });
    expect(refused.status).toBe(401);
    await expect(api.login(player.username, PASSWORD)).rejects.toThrow();

    // The same page on a tablet, and the audit log keeps the reason.
    await admin.setViewportSize({ width: 820, height: 1180 });
    await admin.goto(`${baseUrl}/admin/#/members/${new URL(admin.url()).hash.split('/')[2]}/devices`);
    await admin.getByRole('heading', { name: new RegExp(player.username) }).waitFor();
    await admin
      .getByRole('cell', { name: /\d+\.\d+\.\d+\.\d+|::/ })
      .first()
      .waitFor();
    await screenshot(admin, 'admin-member-devices-tablet');
    const audit = (await (
      await fetch(`${baseUrl}/admin-api/audit?action=member.locked`, { headers: { authorization: `Bearer ${operatorToken}` } })
    ).json()) as { value: { list: { reason: string | null }[] } };
    expect(audit.value.list[0]?.reason).toBe('Account takeover reported by the owner on the phone');
  });
});

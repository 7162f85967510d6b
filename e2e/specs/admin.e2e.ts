import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { apiClient } from '../support/member-api';
import { logInMember } from '../support/member-login';
import { headerBalance, logInOperator, messages } from '../support/site';
import { waiveLatestDepositTurnover } from '../support/turnover';

/**
 * The back office in a real browser beside the member site: the demo player deposits through
 * bKash with a proof image, an operator (demofinance) approves it at /admin/ in a second browser
 * context and the player's header balance moves live, without a reload; then a withdrawal is
 * approved there and the player confirms receipt; a manual adjustment moves the header again;
 * a support operator sees the queue but no approve button, and the API refuses it (403).
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };
// The same payment password the wallet spec sets, whichever of the two runs first.
const PAYMENT_PASSWORD = '246810';
const FINANCE = { username: 'demofinance', password: 'Demo@2025' };
const SUPPORT = { username: 'demosupport', password: 'Demo@2025' };
const api = apiClient(baseUrl);

describe('back office in a real browser', () => {
  let browser: Browser;
  let memberToken: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    memberToken = await api.login(PLAYER.username, PLAYER.password);
    await api.ensureWithdrawalReady(memberToken, PLAYER.password, PAYMENT_PASSWORD);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it('a bKash deposit approved at /admin/ moves the member header live; a withdrawal is approved and received', async () => {
    const memberContext = await newContext(browser, { language: 'en-GB' });
    contexts.push(memberContext);
    await memberContext.addInitScript(() => localStorage.setItem('lang', 'EN'));
    const member = await memberContext.newPage();
    await logInMember(member, baseUrl, PLAYER);
    const start = Number(await api.balanceOf(memberToken));
    await expect.poll(() => headerBalance(member)).toBe(start);

    // The member pays by bKash and uploads the receipt (a real PNG: a picture of the header).
    const proof = await member.locator('header').screenshot();
    await member.goto(`${baseUrl}/member?page=depositv2`);
    await member.getByRole('button', { name: /bKash/ }).first().click();
    await member.getByRole('textbox', { name: en('wallet.amount'), exact: true }).fill('300');
    const reference = `TRX${Date.now().toString(36).toUpperCase()}`;
    await member.getByRole('textbox', { name: en('wallet.deposit.reference') }).fill(reference);
    await member.locator('input[type="file"]').setInputFiles({ name: 'bkash-receipt.png', mimeType: 'image/png', buffer: proof });
    await member.getByRole('button', { name: en('wallet.deposit.submit') }).click();
    await member.getByText(en('wallet.deposit.submitted')).waitFor();
    await expect.poll(() => headerBalance(member)).toBe(start);

    // The operator, in another browser context, finds it with its proof and approves it.
    const adminContext = await newContext(browser);
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await logInOperator(admin, baseUrl, FINANCE);
    const row = admin.locator('tr', { hasText: reference });
    await row.waitFor();
    await screenshot(admin, 'admin-deposits-desktop');
    await row.getByRole('button', { name: 'View proof' }).click();
    const dialog = admin.getByRole('dialog', { name: /Proof of deposit/ });
    await dialog.getByRole('img').waitFor();
    expect(await dialog.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(10);
    await screenshot(admin, 'admin-deposit-proof-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByTestId('feedback')
      .getByText(/approved: 300\.00 credited to demoplayer/)
      .waitFor();
    await expect.poll(() => api.balanceOf(memberToken)).toBe((start + 300).toFixed(2));

    // The member's page was not reloaded: the /ws push moved the header and showed a toast.
    await member.getByText(en('wallet.notifications.deposit_credited').replace('{{amount}}', '300.00')).waitFor({ timeout: 15_000 });
    await expect.poll(() => headerBalance(member), { timeout: 15_000 }).toBeCloseTo(start + 300, 2);
    await screenshot(member, 'admin-member-header-after-approval');

    // A withdrawal: requested by the member, approved in the back office, receipt confirmed.
    // The deposit's 1x turnover (promotions) is waived by the operator first: this spec is about the cashier.
    await waiveLatestDepositTurnover(baseUrl, operatorToken, { token: memberToken, username: PLAYER.username }, 'e2e admin: cashier check');
    await member.goto(`${baseUrl}/member?page=withdraw`);
    await member.getByRole('textbox', { name: en('wallet.amount'), exact: true }).fill('120');
    await member.locator('input[type="password"]').fill(PAYMENT_PASSWORD);
    await member.getByRole('button', { name: en('wallet.withdraw.submit') }).click();
    await member.getByText(en('wallet.withdraw.submitted')).waitFor();
    await expect.poll(() => headerBalance(member), { timeout: 15_000 }).toBeCloseTo(start + 180, 2);

    const pending = await api.call<{ id: number; username: string; amount: string }[]>('GET', '/admin-api/cashier/withdrawals', {
      token: operatorToken,
    });
    const mine = pending.find((item) => item.username === PLAYER.username && item.amount === '120.00');
    expect(mine).toBeTruthy();
    await admin.getByRole('link', { name: 'Withdrawals' }).click();
    const withdrawal = admin.getByTestId(`withdrawal-${mine?.id}`);
    await withdrawal.waitFor();
    await screenshot(admin, 'admin-withdrawals-desktop');
    await withdrawal.getByRole('button', { name: 'Approve' }).click();
    await admin
      .getByTestId('feedback')
      .getByText(/approved: 120\.00 paid out to demoplayer/)
      .waitFor();

    await member.getByText(en('wallet.notifications.withdrawal_approved').replace('{{amount}}', '120.00')).waitFor({ timeout: 15_000 });
    const item = member.getByTestId(`withdrawal-${mine?.id}`);
    await item.getByRole('button', { name: en('wallet.withdraw.received'), exact: true }).click();
    await item.getByText(en('wallet.confirmation.received'), { exact: true }).waitFor();
    expect(await api.balanceOf(memberToken)).toBe((start + 180).toFixed(2));

    // The back office shows the member's receipt once they answered.
    await admin.getByLabel('Status').selectOption('approved');
    await admin.getByTestId(`withdrawal-${mine?.id}`).getByText('received', { exact: true }).waitFor();

    // A manual adjustment with a reason: the header moves again, live.
    await admin.getByRole('link', { name: 'Adjust balance' }).click();
    await admin.getByLabel('Member username').fill(PLAYER.username);
    await admin.getByLabel(/^Amount/).fill('25.50');
    await admin.getByLabel('Reason').fill('Goodwill credit for a delayed payout');
    await screenshot(admin, 'admin-adjustment-desktop');
    await admin.getByRole('button', { name: 'Credit balance' }).click();
    await admin
      .getByTestId('feedback')
      .getByText(/Applied: 25\.50 to demoplayer's cash balance/)
      .waitFor();
    await expect.poll(() => headerBalance(member), { timeout: 15_000 }).toBeCloseTo(start + 205.5, 2);
    // A debit larger than the balance is refused with the amount available.
    await admin.getByLabel(/^Amount/).fill(`-${(start + 1000).toFixed(2)}`);
    await admin.getByLabel('Reason').fill('Too large on purpose');
    await admin.getByRole('button', { name: 'Debit balance' }).click();
    await admin
      .getByTestId('feedback')
      .getByText(/available: /)
      .waitFor();
    expect(await api.balanceOf(memberToken)).toBe((start + 205.5).toFixed(2));

    // Everything above is in the audit log, under the operator's name.
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('table').getByText('adjustment.posted').first().waitFor();
    const auditText = (await admin.getByRole('table').textContent()) ?? '';
    for (const action of ['deposit.approved', 'withdrawal.approved', 'adjustment.posted', 'session.login'])
      expect(auditText).toContain(action);
    expect(auditText).toContain(FINANCE.username);
    await screenshot(admin, 'admin-audit-desktop');
    // Four journeys in two browser contexts (deposit, withdrawal, adjustment, audit): 11 s on a quiet
    // machine, over the suite's 60 s default twice in stop 34's CI on a VM ~3x slower than usual.
  }, 150_000);

  it('rejects with a required reason; support sees the queue without approve buttons and the API refuses it', async () => {
    const channels = await api.call<{ id: number; code: string }[]>('GET', '/wps/v2/cashier/deposit/channels', { token: memberToken });
    const bkash = channels.find((channel) => channel.code === 'bkash');
    expect(bkash, 'the bKash channel is listed').toBeTruthy();
    const reference = `TRXS${Date.now().toString(36).toUpperCase()}`;
    const deposit = await api.call<{ id: number }>('POST', '/wps/v2/cashier/deposits', {
      token: memberToken,
      body: { channelId: bkash?.id, amount: '400', reference, idempotencyKey: `e2e-${reference}` },
    });

    const supportContext = await newContext(browser, { mobile: true });
    contexts.push(supportContext);
    const support = await supportContext.newPage();
    await logInOperator(support, baseUrl, SUPPORT);
    const row = support.getByTestId(`deposit-${deposit.id}`);
    await row.waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await row.getByText('pending').count()).toBe(1);
    await screenshot(support, 'admin-deposits-support-mobile');
    const supportToken = await support.evaluate(() => sessionStorage.getItem('kismat.admin.token'));
    const refused = await fetch(`${baseUrl}/admin-api/cashier/deposits/${deposit.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${supportToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    await support.getByRole('link', { name: 'Adjust balance' }).click();
    await support.getByText('may read but not adjust').waitFor();
    await support.getByRole('link', { name: 'Audit log' }).click();
    await support.getByRole('table').waitFor();
    await screenshot(support, 'admin-audit-mobile');

    // Finance rejects it on a phone: the reason is required before the button works.
    const financeContext = await newContext(browser, { mobile: true });
    contexts.push(financeContext);
    const finance = await financeContext.newPage();
    await logInOperator(finance, baseUrl, FINANCE);
    await screenshot(finance, 'admin-deposits-mobile');
    const pendingRow = finance.getByTestId(`deposit-${deposit.id}`);
    await pendingRow.getByRole('button', { name: 'Reject' }).click();
    const confirm = pendingRow.getByRole('button', { name: 'Confirm reject' });
    expect(await confirm.isDisabled()).toBe(true);
    await pendingRow.getByLabel(/Reason for rejecting/).fill('No bKash payment with this TrxID');
    await screenshot(finance, 'admin-reject-mobile');
    await confirm.click();
    await finance.getByTestId('feedback').getByText(`Deposit #${deposit.id} of demoplayer rejected.`).waitFor();
    await finance.getByRole('link', { name: 'Withdrawals' }).click();
    await finance.getByRole('heading', { name: 'Withdrawals' }).waitFor();
    await screenshot(finance, 'admin-withdrawals-mobile');
    await finance.getByRole('link', { name: 'Adjust balance' }).click();
    await finance.getByLabel('Member username').waitFor();
    await screenshot(finance, 'admin-adjustment-mobile');

    // Logging out ends the session server-side.
    const financeToken = await finance.evaluate(() => sessionStorage.getItem('kismat.admin.token'));
    await finance.getByRole('button', { name: 'Log out' }).click();
    await finance.getByRole('heading', { name: 'Operator login' }).waitFor();
    await screenshot(finance, 'admin-login-mobile');
    const after = await fetch(`${baseUrl}/admin-api/session`, { headers: { authorization: `Bearer ${financeToken}` } });
    expect(after.status).toBe(403);
  });

  it('an admin (the bootstrap root token) creates an operator in the Operators page, who can then log in', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    await context.addInitScript((token) => sessionStorage.setItem('kismat.admin.token', token), operatorToken);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/#/operators`);
    await page.getByRole('heading', { name: 'Operators' }).waitFor();
    const username = `e2eops${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'New operator' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel(/^Password/).fill('Long-enough-e2e-1');
    await form.getByLabel('Role').selectOption('support');
    await form.getByRole('button', { name: 'Create operator' }).click();
    await page.getByTestId('feedback').getByText(`Operator ${username} created (support).`).waitFor();
    await page.getByTestId(`operator-${username}`).waitFor();
    await screenshot(page, 'admin-operators-desktop');

    const other = await newContext(browser);
    contexts.push(other);
    const second = await other.newPage();
    await logInOperator(second, baseUrl, { username, password: 'Long-enough-e2e-1' });
    expect(await second.getByRole('link', { name: 'Operators' }).count()).toBe(0);
  });
});

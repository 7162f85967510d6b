import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { apiClient } from '../support/member-api';
import { logInMember } from '../support/member-login';
import { messages } from '../support/site';

/**
 * The wallet in a real browser, as the demo player: deposit through the SANDBOX gateway and see
 * the header balance rise, request a withdrawal, the operator approves it through the operator
 * API, the live notification arrives, the player confirms receipt; balances checked by the API.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };
const PAYMENT_PASSWORD = '246810';

const api = apiClient(baseUrl);
const { call, balanceOf } = api;

describe('wallet in a real browser', () => {
  let browser: Browser;
  let apiToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    // Withdrawals need a payment password and a bound bank account; the security centre is another spec's page.
    apiToken = await api.login(PLAYER.username, PLAYER.password);
    await api.ensureWithdrawalReady(apiToken, PLAYER.password, PAYMENT_PASSWORD);
  });

  afterAll(async () => {
    await browser?.close();
  });

  {
    const isMobile = false;
    it(`deposits through the sandbox gateway, withdraws, and confirms receipt (${isMobile ? 'mobile' : 'desktop'})`, async () => {
      const context = await newContext(browser, { mobile: isMobile, language: 'en-GB' });
      await context.addInitScript(() => localStorage.setItem('lang', 'EN'));
      const page = await context.newPage();
      await logInMember(page, baseUrl, PLAYER);
      const before = await balanceOf(apiToken);

      await page.goto(`${baseUrl}/member?page=depositv2`);
      const sandboxChannel = page.getByRole('button', { name: /sandbox/i }).first();
      // The demo gateway says what it is on the channel, the payment and the deposit list (issue 11, finding 1).
      await sandboxChannel.getByText(en('wallet.deposit.sandboxTag')).waitFor();
      await sandboxChannel.click();
      await page.getByRole('textbox', { name: en('wallet.amount') }).fill('250');
      await page.getByRole('button', { name: en('wallet.deposit.payOnline') }).click();
      const sandbox = page.getByTestId('sandbox-panel');
      await sandbox.waitFor();
      await screenshot(page, `wallet-deposit-sandbox-${isMobile ? 'mobile' : 'desktop'}`);
      await sandbox.getByRole('button', { name: en('wallet.deposit.sandboxPay') }).click();
      await sandbox.getByText(en('wallet.status.approved')).waitFor();
      expect(await sandbox.getByText(en('wallet.deposit.sandboxTag')).isVisible()).toBe(true);
      await page.locator('tr', { hasText: '250.00' }).getByText(en('wallet.deposit.sandboxTag')).first().waitFor();
      await expect.poll(() => balanceOf(apiToken)).toBe((Number(before) + 250).toFixed(2));
      // The live notification moves the header balance without a reload.
      await page.getByText(en('wallet.notifications.deposit_credited').replace('{{amount}}', '250.00')).waitFor({ timeout: 15_000 });

      await page.goto(`${baseUrl}/member?page=withdraw`);
      await page.getByRole('textbox', { name: en('wallet.amount') }).fill('120');
      await page.locator('input[type="password"]').fill(PAYMENT_PASSWORD);
      await page.getByRole('button', { name: en('wallet.withdraw.submit') }).click();
      await page.getByText(en('wallet.withdraw.submitted')).waitFor();
      await expect.poll(() => balanceOf(apiToken)).toBe((Number(before) + 130).toFixed(2));

      const pending = await call<{ id: number; username: string; amount: string }[]>(
        'GET',
        '/admin-api/cashier/withdrawals?status=pending',
        { token: operatorToken },
      );
      const mine = pending.find((row) => row.username === PLAYER.username && row.amount === '120.00');
      expect(mine).toBeTruthy();
      await call('POST', `/admin-api/cashier/withdrawals/${mine?.id}/approve`, { token: operatorToken, body: {} });
      await page.getByText(en('wallet.notifications.withdrawal_approved').replace('{{amount}}', '120.00')).waitFor({ timeout: 15_000 });
      const item = page.getByTestId(`withdrawal-${mine?.id}`);
      await item.getByRole('button', { name: en('wallet.withdraw.received'), exact: true }).click();
      await item.getByText(en('wallet.confirmation.received'), { exact: true }).waitFor();
      await screenshot(page, `wallet-withdraw-${isMobile ? 'mobile' : 'desktop'}`);

      await page.goto(`${baseUrl}/member?page=transactionHistory`);
      await page.getByRole('button', { name: en('wallet.presets.last7') }).click();
      await page.getByRole('table').waitFor();
      await screenshot(page, `wallet-history-${isMobile ? 'mobile' : 'desktop'}`);
      // The same pages at a phone's width.
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'wallet-history-mobile');
      await page.goto(`${baseUrl}/member?page=withdraw`);
      await page.getByTestId(`withdrawal-${mine?.id}`).waitFor();
      await screenshot(page, 'wallet-withdraw-mobile');
      await page.goto(`${baseUrl}/member?page=depositv2`);
      await page
        .getByRole('button', { name: /sandbox/i })
        .first()
        .waitFor();
      await screenshot(page, 'wallet-deposit-mobile');
      expect(await balanceOf(apiToken)).toBe((Number(before) + 130).toFixed(2));
      await context.close();
    });
  }
});

import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowser } from '../support/browser';
import { bengaliMemberPage, pageBalance } from '../support/member-login';
import { dismissMemberPopups, messages } from '../support/site';

/**
 * Issue 22: a Bengali member deposits ৳300 with Nagad (online) in a real browser at 390 px. "Pay
 * online" sends the member to the LOCAL FAKE Nagad's checkout page (the demo server mounts it; the
 * adapter spoke initialize/complete with the RSA envelope to it over HTTP); "Pay" sends the browser
 * back to our callback, which asks Nagad's verify call and credits once; the result page shows the
 * credited order and the balance. Then the back office's Payment providers and Reconciliation
 * pages, at 1280 px and 390 px.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const bn = messages('bn');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };

describe('Nagad deposit through the checkout page (issue 22)', () => {
  const browser = useBrowser();

  it('a BN member pays ৳300 on Nagad’s (fake) page and comes back to the credited order and balance', async () => {
    const context = await newContext(browser(), { mobile: true, language: 'bn-BD' });
    const page = await bengaliMemberPage(context, baseUrl, PLAYER);
    await page.goto(`${baseUrl}/member?page=depositv2`);
    await dismissMemberPopups(page);
    const before = await pageBalance(page);

    const channel = page.getByRole('button', { name: /নগদ \(অনলাইন\)/ });
    await channel.waitFor({ timeout: 20_000 });
    await channel.getByTestId('provider-logo-nagad').waitFor();
    await channel.click();
    await page.locator('input[name="amount"]').fill('300');
    await screenshot(page, 'payments-nagad-channel-mobile');
    await page.getByRole('button', { name: bn('wallet.deposit.payOnline') }).click();

    await page.waitForURL(/\/fake-nagad\/fake-checkout\//, { timeout: 20_000 });
    expect(await page.getByTestId('fake-nagad-amount').textContent()).toContain('300.00');
    await screenshot(page, 'payments-nagad-checkout-mobile');
    await page.getByTestId('fake-nagad-pay').click();

    await page.waitForURL(/page=depositv2&depositResult=\d+/, { timeout: 20_000 });
    const result = page.getByTestId('deposit-result');
    await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 20_000 }).toBe('credited');
    expect(await pageBalance(page)).toBeCloseTo(before + 300, 2);
    await screenshot(page, 'payments-nagad-result-mobile');
    await context.close();
  }, 120_000);

  it('the back office shows the Nagad channel (env vars set, no values) and the reconciliation page', async () => {
    const context = await newContext(browser(), { language: 'en-GB' });
    await context.addInitScript((token) => sessionStorage.setItem('kismat.admin.token', token), operatorToken);
    const admin = await context.newPage();
    await admin.setViewportSize({ width: 1280, height: 860 });
    await admin.goto(`${baseUrl}/admin/#/payments`);
    const row = admin.getByTestId('provider-nagad-online');
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('NAGAD_MERCHANT_PRIVATE_KEY');
    expect(await row.textContent()).not.toContain('PRIVATE KEY-----');
    await screenshot(admin, 'admin-payment-providers-desktop');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'admin-payment-providers-phone');
    await admin.setViewportSize({ width: 1280, height: 860 });
    await admin.goto(`${baseUrl}/admin/#/reconciliation`);
    await admin.getByRole('heading', { name: 'Reconciliation' }).waitFor();
    await admin.getByRole('heading', { name: 'Runs' }).waitFor();
    await screenshot(admin, 'admin-reconciliation-desktop');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, 'admin-reconciliation-phone');
    await context.close();
  }, 60_000);
});

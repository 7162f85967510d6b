import { describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowser } from '../support/browser';
import { bengaliMemberPage, pageBalance } from '../support/member-login';
import { dismissMemberPopups, messages } from '../support/site';

/**
 * Issue 22: a Bengali member deposits ৳500 with bKash (Tokenized Checkout) in a real browser at
 * 390 px. The deposit page shows the bKash channel with its logo; "Pay online" sends the member to
 * the FAKE bKash's checkout page (the demo server mounts it: published API shapes, labelled as a
 * fake), where they enter the wallet number, the OTP and the PIN as on bKash's page. bKash sends
 * the browser back to our callback, the server executes the payment with bKash itself and credits
 * it once, and the result page shows the credited order and the new balance.
 */

const baseUrl = inject('baseUrl');
const bn = messages('bn');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };

describe('bKash deposit through the checkout page (issue 22)', () => {
  const browser = useBrowser();

  it('a BN member pays ৳500 on bKash’s (fake) page and comes back to the credited order and the new balance', async () => {
    const context = await newContext(browser(), { mobile: true, language: 'bn-BD' });
    const page = await bengaliMemberPage(context, baseUrl, PLAYER);
    await page.goto(`${baseUrl}/member?page=depositv2`);
    await dismissMemberPopups(page);
    const before = await pageBalance(page);

    const channel = page.getByRole('button', { name: /বিকাশ পেমেন্ট/ });
    await channel.waitFor({ timeout: 20_000 });
    await channel.getByTestId('provider-logo-bkash').waitFor();
    await screenshot(page, 'payments-bkash-channel-mobile');
    await channel.click();
    await page.locator('input[name="amount"]').fill('500');
    await page.getByRole('button', { name: bn('wallet.deposit.payOnline') }).click();

    // bKash's checkout page (the FAKE bKash, labelled so): wallet number, verification code, PIN.
    await page.waitForURL(/\/fake-bkash\/checkout-page\?paymentId=TR0011/, { timeout: 20_000 });
    await page.getByTestId('fake-bkash-label').waitFor();
    expect(await page.locator('.amt').textContent()).toContain('500.00');
    await screenshot(page, 'payments-bkash-checkout-mobile');
    const confirm = page.getByRole('button', { name: /Confirm/ });
    await page.locator('input[name="value"]').fill('01770618575');
    await confirm.click();
    await page.locator('input[autocomplete="one-time-code"]').fill('123456');
    await confirm.click();
    await page.locator('input[type="password"]').fill('12121');
    await confirm.click();

    // Back on our site: the server executed the payment with bKash and credited it.
    await page.waitForURL(/page=depositv2&depositResult=\d+/, { timeout: 20_000 });
    const result = page.getByTestId('deposit-result');
    await expect.poll(() => result.getAttribute('data-outcome'), { timeout: 20_000 }).toBe('credited');
    await result.getByTestId('deposit-result-balance').waitFor();
    // ৳500 credited once (a deposit promotion of the demo may add its bonus on top of it).
    const after = await pageBalance(page);
    expect(after).toBeGreaterThanOrEqual(before + 500);
    expect(after).toBeLessThan(before + 1000);
    const depositId = Number(new URL(page.url()).searchParams.get('depositResult'));
    const credited = await page.evaluate(async (id) => {
      const response = await fetch('/wps/v2/cashier/deposits', {
        headers: { authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}` },
      });
      const rows = ((await response.json()) as { value: { id: number; status: string; amount: string; provider?: string }[] }).value;
      return rows.find((row) => row.id === id);
    }, depositId);
    expect(credited).toMatchObject({ status: 'approved', amount: '500.00', provider: 'bkash' });
    const shown = (await result.getByTestId('deposit-result-balance').textContent()) ?? '';
    expect(shown).toContain(bn('wallet.depositResult.balance').split('{{')[0]?.trim() ?? '');
    await screenshot(page, 'payments-bkash-result-mobile');
    const resultUrl = page.url();
    await context.close();

    // The same result page on a desktop (1440 px): the channel's logo and the credited order.
    const desktop = await newContext(browser(), { language: 'bn-BD' });
    const wide = await bengaliMemberPage(desktop, baseUrl, PLAYER);
    await wide.goto(resultUrl);
    await dismissMemberPopups(wide);
    await expect.poll(() => wide.getByTestId('deposit-result').getAttribute('data-outcome'), { timeout: 20_000 }).toBe('credited');
    await wide.getByTestId('provider-logo-bkash').first().waitFor();
    await screenshot(wide, 'payments-bkash-result-desktop');
    await desktop.close();
  }, 120_000);
});

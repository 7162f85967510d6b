import { request as httpRequest } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importSealingKey, sealPayload } from '../../packages/contracts/src/encryption';
import { launchBrowser, screenshot } from '../support/browser';
import { dismissMemberPopups, messages, visibleText } from '../support/site';

/**
 * Issue 22: the East African site (KISMAT-KE at ke.localhost) in a real browser, in Swahili. Its
 * demo player deposits KSh 500 with M-Pesa STK Push: the page says "check your phone", the FAKE
 * Daraja's phone accepts with the PIN, Safaricom's (fake) callback reaches the server, which asks
 * Daraja (STK query) before crediting, and the page shows it paid. Then a KSh 200 withdrawal to the
 * member's M-Pesa number: the operator approves it, the B2C payment goes out and its result makes
 * the payout paid. The site shows KSh, never ৳ or bKash.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const port = new URL(baseUrl).port;
/** The Kenyan site's own domain (browsers resolve *.localhost to this machine). */
const siteUrl = `http://ke.localhost:${port}`;
const sw = messages('sw');
const PLAYER = { username: 'demomchezaji', password: 'Demo@2025', msisdn: '254708374149' };
const PAYMENT_PASSWORD = '246810';

/** A call to the Kenyan site: to this machine, with the site's Host (Node does not resolve *.localhost everywhere). */
function siteRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        hostname: '127.0.0.1',
        port,
        path,
        method,
        headers: { host: `ke.localhost:${port}`, ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function call<T>(method: string, path: string, options: { body?: unknown; token?: string; isSealed?: boolean } = {}): Promise<T> {
  let body = options.body;
  if (options.isSealed) {
    const key = JSON.parse((await siteRequest('GET', '/wps/system/publicKey', {})).text) as {
      value: { publicKeyPem: string; serverTime: number };
    };
    body = await sealPayload(await importSealingKey(key.value.publicKeyPem, key.value.serverTime), path.split('?')[0] ?? path, body);
  }
  const response = await siteRequest(
    method,
    path,
    {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body === undefined ? undefined : JSON.stringify(body),
  );
  const envelope = JSON.parse(response.text) as { success: boolean; code: string; value: T };
  if (!envelope.success) throw new Error(`${method} ${path}: ${response.status} ${envelope.code}`);
  return envelope.value;
}

async function balanceOf(token: string): Promise<string> {
  return (await call<{ balance: string }>('GET', '/wps/v2/wallets/balance', { token })).balance;
}

/** The FAKE Daraja's phone: the prompt that arrived for the member's number, answered with the PIN. */
async function acceptPromptOnPhone(amount: number): Promise<void> {
  let prompt: { checkoutRequestId: string; amount: number } | undefined;
  for (let attempt = 0; attempt < 40 && !prompt; attempt += 1) {
    const prompts = (await (await fetch(`${baseUrl}/fake-daraja/phone/${PLAYER.msisdn}/prompts`)).json()) as Array<{
      checkoutRequestId: string;
      amount: number;
    }>;
    prompt = prompts.find((item) => item.amount === amount);
    if (!prompt) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!prompt) throw new Error('no M-Pesa prompt reached the phone');
  const answer = await fetch(`${baseUrl}/fake-daraja/phone/prompts/${prompt.checkoutRequestId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'accept', pin: '1234' }),
  });
  expect(answer.status).toBe(200);
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${siteUrl}/`);
  await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
  const button = page.locator('header').getByRole('button', { name: sw('header.login'), exact: true });
  await button.waitFor({ timeout: 20_000 });
  await dismissMemberPopups(page);
  await button.click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('input[autocomplete="current-password"]') });
  await dialog.locator('input[autocomplete="username"]').fill(PLAYER.username);
  await dialog.locator('input[autocomplete="current-password"]').fill(PLAYER.password);
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  await dismissMemberPopups(page);
}

describe('M-Pesa on the East African site (Swahili, KSh)', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (
      await call<{ token: string }>('POST', '/wps/session/login', {
        body: { type: 'username', username: PLAYER.username, password: PLAYER.password },
        isSealed: true,
      })
    ).token;
    // Withdrawals need a payment password and a bound account: the member's M-Pesa number.
    const overview = await call<{ hasPaymentPassword: boolean }>('GET', '/wps/member/security', { token });
    if (!overview.hasPaymentPassword) {
      await call('POST', '/wps/member/security/paymentPassword', {
        token,
        isSealed: true,
        body: { loginPassword: PLAYER.password, newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD },
      });
    }
    const banks = await call<{ id: number; isBound: boolean; bankName: string }[]>('GET', '/wps/member/security/bankAccounts', { token });
    if (!banks.some((bank) => bank.isBound && bank.bankName === 'M-Pesa')) {
      const added = await call<{ id: number }>('POST', '/wps/member/security/bankAccounts', {
        token,
        isSealed: true,
        body: { accountName: 'Amani Otieno', accountNumber: '0708374149', bankName: 'M-Pesa' },
      });
      await call('POST', '/wps/member/security/bankAccounts/confirm', {
        token,
        isSealed: true,
        body: { id: added.id, paymentPassword: PAYMENT_PASSWORD },
      });
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('deposits with STK Push and withdraws by B2C, in KSh (390 px)', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      deviceScaleFactor: 1,
      locale: 'sw-KE',
      timezoneId: 'Africa/Nairobi',
    });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'SW');
    });
    const page = await context.newPage();
    await logIn(page);
    const before = Number(await balanceOf(token));
    const text = await visibleText(page);
    expect(text).not.toMatch(/৳|bKash|Nagad/);
    await expect.poll(async () => ((await page.locator('header').textContent()) ?? '').includes('KSh')).toBe(true);

    // Deposit: M-Pesa is the only channel; the prompt goes to the member's phone.
    await page.goto(`${siteUrl}/member?page=depositv2`);
    await page
      .getByRole('button', { name: /M-Pesa/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: /bKash|Nagad|SANDBOX/i }).count()).toBe(0);
    await page.getByRole('textbox', { name: sw('wallet.amount'), exact: true }).fill('500');
    await page.getByRole('button', { name: sw('wallet.deposit.payOnline') }).click();
    const waiting = page.getByTestId('mpesa-waiting');
    await waiting.waitFor();
    await waiting.getByText(sw('wallet.mpesa.checkPhone')).waitFor();
    await screenshot(page, 'payments-mpesa-waiting-390');
    await acceptPromptOnPhone(500);
    // The page polls the order: Safaricom's callback, confirmed by the STK query, credited it.
    const result = page.getByTestId('mpesa-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.getAttribute('data-paid')).toBe('true');
    expect(await result.textContent()).toContain('KSh');
    await screenshot(page, 'payments-mpesa-paid-390');
    await expect.poll(() => balanceOf(token)).toBe((before + 500).toFixed(2));

    // The credited deposit's 1x turnover is waived by the operator, so this is about the cashier.
    const requirements = await fetch(`${baseUrl}/admin-api/turnover-requirements?merchant=KISMAT-KE&status=ACTIVE&page=1&pageSize=100`, {
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    const items = ((await requirements.json()) as { value: { items: Array<{ id: number; username: string }> } }).value.items;
    for (const item of items.filter((row) => row.username === PLAYER.username)) {
      await fetch(`${baseUrl}/admin-api/turnover-requirements/${item.id}/waive?merchant=KISMAT-KE`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'e2e M-Pesa: cashier check' }),
      });
    }

    // Withdraw KSh 200 to the bound M-Pesa number.
    await page.goto(`${siteUrl}/member?page=withdraw`);
    await page.getByRole('textbox', { name: sw('wallet.amount'), exact: true }).fill('200');
    await page.locator('input[type="password"]').fill(PAYMENT_PASSWORD);
    await page.getByRole('button', { name: sw('wallet.withdraw.submit') }).click();
    await page.getByText(sw('wallet.withdraw.submitted')).waitFor();
    await expect.poll(() => balanceOf(token)).toBe((before + 300).toFixed(2));
    const pending = (await (
      await fetch(`${baseUrl}/admin-api/cashier/withdrawals?status=pending`, { headers: { authorization: `Bearer ${operatorToken}` } })
    ).json()) as { value: Array<{ id: number; username: string; amount: string }> };
    const mine = pending.value.find((row) => row.username === PLAYER.username && row.amount === '200.00');
    expect(mine).toBeTruthy();
    const approved = await fetch(`${baseUrl}/admin-api/cashier/withdrawals/${mine?.id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approved.status).toBe(200);
    // B2C went out at approval; the fake's result (a moment later) makes the payout paid: received, nothing to confirm.
    await expect
      .poll(
        async () => {
          const rows = await call<Array<{ id: number; confirmation: string | null }>>('GET', '/wps/v2/cashier/withdrawals', { token });
          return rows.find((row) => row.id === mine?.id)?.confirmation ?? null;
        },
        { timeout: 20_000 },
      )
      .toBe('received');
    await page.reload();
    await page.getByTestId(`withdrawal-${mine?.id}`).waitFor();
    await screenshot(page, 'payments-mpesa-withdraw-390');
    expect(await balanceOf(token)).toBe((before + 300).toFixed(2));
    expect(await visibleText(page)).not.toMatch(/৳|bKash/);
    await context.close();
  });
});

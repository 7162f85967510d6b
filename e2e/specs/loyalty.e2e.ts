import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, PLAYER_TIMEZONE, screenshot } from '../support/browser';
import { apiClient } from '../support/member-api';
import { englishContext, logInMember, pageCall } from '../support/member-login';
import { dismissMemberPopups, fundMember, logInOperator, operatorCall } from '../support/site';

/**
 * Issue 15's journey in Chromium, in Bangla and in English: a member deposits and plays the house
 * slot, sees the points it earned on /pointMall and the VIP progress on /vip, sees a mission
 * complete (the menu badge counts it) and claims its reward, claims the pending rebate, redeems a
 * mall item with the payment password, and the operator approves it in /admin; the member's
 * redeem history then says Approved. The desktop pages are 1440 px wide, the phone pages 390 px. The spec adds its own mission and mall item and puts the
 * rebate minimum and the two flags back as it found them.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const api = apiClient(baseUrl);
const MERCHANT = 'KISMAT';
const AGENT = { username: 'demoagent', password: 'Demo@2025' };
const FINANCE = { username: 'demofinance', password: 'Demo@2025' };
const PASSWORD = 'Kx7mRq2vLw';
const PAYMENT_PASSWORD = '246810';
const SPINS = 6;
const tag = Date.now().toString(36);

type Tree = Record<string, unknown>;
function loyaltyText(language: 'bn' | 'en'): (key: string, values?: Record<string, string | number>) => string {
  const tree = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../apps/web/src/locales/loyalty/${language}.json`), 'utf8'),
  ) as Tree;
  return (key, values = {}) => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = (node as Tree)[part];
    if (typeof node !== 'string') throw new Error(`no loyalty message ${key} in ${language}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

async function operator<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${operatorToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; code: string; value: T };
  if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${envelope.code}`);
  return envelope.value;
}

async function createPlayer(prefix: string): Promise<{ username: string; password: string; token: string }> {
  const agentToken = await api.login(AGENT.username, AGENT.password);
  const username = `${prefix}${Date.now().toString(36)}`.slice(0, 16);
  await api.call('POST', '/wps/agent/register', { token: agentToken, isSealed: true, body: { username, password: PASSWORD, type: 0 } });
  const token = await api.login(username, PASSWORD);
  await api.call('POST', '/wps/member/security/paymentPassword', {
    token,
    isSealed: true,
    body: { loginPassword: PASSWORD, newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD },
  });
  return { username, password: PASSWORD, token };
}

/** Slot spins at the largest bet level up to 50.00: settled rounds for points, VIP, rebate and missions. */
async function spin(token: string, times: number): Promise<void> {
  const { titles } = await api.call<{ titles: { titleId: string; betLevels: string[] }[] }>('GET', '/bgs/api/slots/titles');
  const title = titles[0];
  if (!title) throw new Error('no slot title');
  const level = [...title.betLevels].sort((a, b) => Number(b) - Number(a)).find((value) => Number(value) <= 50) ?? title.betLevels[0];
  for (let count = 0; count < times; count += 1) {
    await api.call('POST', '/bgs/api/slots/spin', {
      token,
      body: { titleId: title.titleId, betLevel: level, idempotencyKey: randomUUID() },
    });
  }
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(`${baseUrl}${url}`);
  await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
  await dismissMemberPopups(page);
}

describe('loyalty journey in a real browser', () => {
  let browser: Browser;
  let missionId = 0;
  let itemId = 0;
  let rebateSettings: { minimumClaim: string; isAutoDailyOn: boolean; autoDailyHour: number; excludesPromotionPlay: boolean } | null = null;

  beforeAll(async () => {
    browser = await launchBrowser();
    await operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/merchants/${MERCHANT}/flags/PTSYS3`, { on: true });
    await operatorCall(baseUrl, operatorToken, 'PUT', `/admin-api/merchants/${MERCHANT}/flags/MANPLAYREB3`, { on: true });
    rebateSettings = await operator('GET', `/admin-api/merchants/${MERCHANT}/rebate/settings`);
    await operator('PUT', `/admin-api/merchants/${MERCHANT}/rebate/settings`, {
      ...rebateSettings,
      minimumClaim: '0.01',
      reason: 'e2e loyalty',
    });
    const mission = await operator<{ id: number }>('POST', `/admin-api/merchants/${MERCHANT}/missions`, {
      titles: { BN: `ই২ই তিনটি স্পিন ${tag}`, EN: `E2E three spins ${tag}`, SW: `E2E mizunguko mitatu ${tag}` },
      period: 'DAILY',
      metric: 'BET_COUNT',
      target: '3',
      rewardKind: 'CASH',
      rewardAmount: '5.00',
    });
    missionId = mission.id;
    const item = await operator<{ id: number }>('POST', `/admin-api/merchants/${MERCHANT}/points/items`, {
      names: { bn: `ই২ই ভাউচার ${tag}`, en: `E2E voucher ${tag}`, sw: `E2E vocha ${tag}` },
      imageUrl: '/images/points/voucher-100.svg',
      kind: 'CASH',
      points: 10,
      cashAmount: '1.00',
      stock: 10,
      perMemberLimit: null,
      isEnabled: true,
      sortOrder: 0,
    });
    itemId = item.id;
  }, 120_000);

  afterAll(async () => {
    if (rebateSettings)
      await operator('PUT', `/admin-api/merchants/${MERCHANT}/rebate/settings`, { ...rebateSettings, reason: 'e2e loyalty done' });
    if (missionId) {
      const { list } = await operator<{ list: ({ id: number } & Record<string, unknown>)[] }>(
        'GET',
        `/admin-api/merchants/${MERCHANT}/missions`,
      );
      const mine = list.find((row) => row.id === missionId);
      if (mine) {
        const { id: _id, ...body } = mine;
        await operator('PUT', `/admin-api/merchants/${MERCHANT}/missions/${missionId}`, { ...body, isActive: false });
      }
    }
    await browser?.close();
  });

  for (const language of ['bn', 'en'] as const) {
    it(`${language.toUpperCase()}: plays, sees points and VIP progress, claims mission and rebate, redeems an item the operator approves`, {
      timeout: 240_000,
    }, async () => {
      const t = loyaltyText(language);
      const player = await createPlayer(`ly${language}`);
      // The login helper reads the English dialog; a Bangla member then picks Bangla, which the site keeps.
      const context = language === 'en' ? await englishContext(browser) : await newContext(browser);
      const page = await context.newPage();
      if (language === 'bn') {
        await page.goto(`${baseUrl}/`);
        await page.evaluate(() => localStorage.setItem('lang', 'EN'));
      }
      await logInMember(page, baseUrl, player);
      if (language === 'bn') await page.evaluate(() => localStorage.setItem('lang', 'BN'));
      await fundMember(page, { baseUrl, operatorToken }, '3000.00');
      await spin(player.token, SPINS);

      // Points: the deposit and the spins earn them (the consumer trails by under 2 s).
      await open(page, '/pointMall');
      await expect
        .poll(
          async () => {
            const balance = await pageCall<{ balance: number }>(page, 'GET', '/wps/relay/MCS2_getPointBalance');
            return balance.value.balance;
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(30);
      await page.reload();
      await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
      await dismissMemberPopups(page);
      await page.getByRole('heading', { name: t('mall.title'), level: 1 }).waitFor();
      expect(Number((await page.getByTestId('points-balance').textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(30);
      await page.getByTestId('mall-item').first().waitFor();
      await screenshot(page, `loyalty-${language}-point-mall-desktop`);

      // VIP: level and progress bars towards the next level.
      await open(page, '/vip');
      await page.getByRole('heading', { name: t('vip.title'), level: 1 }).waitFor();
      await page.getByTestId('vip-levels').waitFor();
      expect(await page.getByTestId('vip-progress').getByRole('progressbar').count()).toBe(2);
      await screenshot(page, `loyalty-${language}-vip-desktop`);

      // Missions: three spins completed ours; the badge counts it; the claim pays 5.00.
      await open(page, '/member?page=missionLeaderboard');
      const mine = page.getByTestId('mission').filter({ hasText: language === 'bn' ? `ই২ই তিনটি স্পিন ${tag}` : `E2E three spins ${tag}` });
      await mine.waitFor({ timeout: 20_000 });
      await expect.poll(() => mine.getAttribute('data-status'), { timeout: 20_000 }).toBe('CLAIMABLE');
      await screenshot(page, `loyalty-${language}-missions-desktop`);
      await mine.getByRole('button', { name: t('missions.claim') }).click();
      await expect.poll(() => mine.getAttribute('data-status'), { timeout: 15_000 }).toBe('CLAIMED');

      // Rebate: the spins' slot rebate is pending; one claim pays it.
      await open(page, '/member?page=manualRebate');
      const claim = page.getByTestId('rebate-claim');
      await expect.poll(async () => claim.isEnabled(), { timeout: 20_000 }).toBe(true);
      await screenshot(page, `loyalty-${language}-rebate-desktop`);
      await claim.click();
      await page.getByTestId('rebate-history').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('rebate-history').locator('tbody tr').count()).toBe(1);

      // Redeem our item with the payment password: points taken, In Process.
      await open(page, '/pointMall');
      const card = page.getByTestId('mall-item').filter({ hasText: language === 'bn' ? `ই২ই ভাউচার ${tag}` : `E2E voucher ${tag}` });
      await card.getByTestId('mall-redeem').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="password"]').fill(PAYMENT_PASSWORD);
      await screenshot(page, `loyalty-${language}-redeem-dialog-desktop`);
      await dialog.getByRole('button', { name: t('mall.confirmRedeem') }).click();
      await dialog.waitFor({ state: 'detached', timeout: 20_000 });
      await page.getByRole('tab', { name: t('tabs.history') }).click();
      const row = page.getByTestId('redeem-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain(t('history.statuses.IN_PROCESS'));

      // The operator approves it in the back office.
      const redemptions = await pageCall<{ list: { id: number; itemId: number | null }[] }>(
        page,
        'GET',
        '/wps/relay/MCS2_getRedeemPointList',
      );
      const redemption = redemptions.value.list.find((entry) => entry.itemId === itemId);
      expect(redemption).toBeDefined();
      const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: PLAYER_TIMEZONE })).newPage();
      await logInOperator(admin, baseUrl, FINANCE);
      await admin.goto(`${baseUrl}/admin/#/loyalty/redemptions`);
      const queued = admin.getByTestId(`redemption-${redemption?.id}`);
      await queued.waitFor({ timeout: 20_000 });
      await screenshot(admin, `loyalty-${language}-admin-redemptions`);
      await queued.getByRole('button', { name: 'Approve' }).click();
      await admin.getByTestId('feedback').waitFor();
      await admin.context().close();

      await page.reload();
      await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
      await dismissMemberPopups(page);
      await page.getByRole('tab', { name: t('tabs.history') }).click();
      await expect
        .poll(async () => (await page.getByTestId('redeem-row').first().textContent()) ?? '', { timeout: 15_000 })
        .toContain(t('history.statuses.APPROVED'));
      await screenshot(page, `loyalty-${language}-history-desktop`);

      // The same pages on a 390 px phone never grow wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [url, name] of [
        ['/pointMall', 'point-mall'],
        ['/vip', 'vip'],
        ['/member?page=missionLeaderboard', 'missions'],
        ['/member?page=manualRebate', 'rebate'],
      ] as const) {
        await open(page, url);
        await page.locator('main').waitFor();
        await page.waitForTimeout(600);
        await screenshot(page, `loyalty-${language}-${name}-phone`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
      await context.close();
    });
  }
});

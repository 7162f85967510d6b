import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser';
import { englishContext, exactly, openSite, pageCall, logInAtAgentPage as submitAgentLogin } from '../support/member-login';
import { dismissAnnouncementPopup, dismissMemberPopups, messages, operatorCall } from '../support/site';

/**
 * The agent programme end to end, as issue 7's acceptance asks: the demo agent logs in at
 * /agent and accepts a top-level daily salary, registers a downline agent in the register centre
 * and offers it a daily salary; the downline logs in on the site and accepts in the contract
 * popup; the downline plays the DEMO vendor's dice game on the site (five rolls in the game
 * frame, through the real vendor wallet API); the
 * settlement jobs run because the test clock moves a day forward (TEST_CLOCK, set by the global
 * setup: only the settlement jobs see it); and both sides see the bill and their balances move.
 */
const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const en = messages('en');
const AGENT = { username: 'demoagent', password: 'Demo@2025' };
const DOWNLINE_PASSWORD = 'Agent@2025';
const ROLL_AMOUNT = '20.00';
const ROLLS = 5;

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
const cents = (value: string | number) => Math.round(Number(value) * 100);

const open = (page: Page, url: string) => openSite(page, baseUrl, url);

async function logInAtAgentPage(page: Page, account: { username: string; password: string }): Promise<void> {
  await submitAgentLogin(page, baseUrl, account);
  await page.waitForURL(/\/agentHome/, { timeout: 20_000 });
}

async function operator<T>(method: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status}: ${text}`);
  return (JSON.parse(text) as { value: T }).value;
}

async function openCentrePage(page: Page, entry: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: en('agentCentre.menu') });
  // The centre is drawn once its page title is there; on a phone the menu hides behind a toggle.
  // The menu (wide screens) or its toggle (phones) appears once the centre knows the member is an agent.
  const toggle = page.getByRole('button', { name: en('agentCentre.bar.toggleMenu') });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
  await menu.or(toggle).first().waitFor({ timeout: 20_000 });
  if (!(await menu.isVisible())) await toggle.click();
  await menu.getByRole('link', { name: en(`agentCentre.pages.${entry}`) }).click();
  await page.getByRole('heading', { level: 1, name: en(`agentCentre.pages.${entry}`) }).waitFor({ timeout: 20_000 });
}

const PHONE_WIDTH = 390;

/** How wide the page is laid out: wider than the screen means the whole page scrolls sideways. */
function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function earningsShown(page: Page): Promise<number> {
  const shown = page.getByTestId('agent-earnings-balance');
  await shown.waitFor({ timeout: 20_000 });
  return cents(money(await shown.textContent()));
}

/** The bills tab of the daily-salary page, filtered to one side; returns the row of `username`. */
async function billRow(page: Page, side: 'RECEIVED' | 'PAID', username: string) {
  await openCentrePage(page, 'agentDailyWages2');
  await page.getByRole('tab', { name: en('agentCentre.contracts.bills') }).click();
  await page.getByRole('button', { name: en(`agentCentre.bills.sides.${side}`) }).click();
  const table = page.getByTestId('bills-table');
  await table.waitFor({ timeout: 20_000 });
  const row = table.locator('tbody tr', { hasText: username }).first();
  await row.waitFor({ timeout: 20_000 });
  return row;
}

interface TickBill {
  id: number;
  type: string;
  periodKey: string;
  payeeId: number;
  payerId: number | null;
  validBet: string;
  amountDue: string;
  amountPaid: string;
  status: string;
}

describe('agent programme journey in a real browser', () => {
  const browser = useBrowser();

  it('offers a daily salary down the tree, settles it when the clock passes the day, and shows the bill and the money to both sides', async () => {
    // 1. The agent logs in at /agent; the platform (operator API) offers it a 1% daily salary,
    //    which it accepts on its daily-salary page.
    const agentContext = await englishContext(browser());
    const agentPage = await agentContext.newPage();
    await logInAtAgentPage(agentPage, AGENT);
    const agentId = Number(await agentPage.evaluate(() => sessionStorage.getItem('customerId')));
    const merchantCode = (await agentPage.evaluate(() => sessionStorage.getItem('merchantCode'))) ?? 'KISMAT';
    await operatorCall(baseUrl, operatorToken, 'POST', '/admin-api/agent/contracts', {
      merchantCode,
      memberId: agentId,
      type: 'DAILY_SALARY',
      terms: { tiers: [{ minValidBet: '0', minActiveMembers: 0, rateBps: 100 }] },
    });
    await agentPage.reload();
    await agentPage.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    await openCentrePage(agentPage, 'agentDailyWages2');
    const pending = agentPage.getByTestId('pending-contract');
    await pending.waitFor({ timeout: 20_000 });
    await pending.getByRole('button', { name: en('agentCentre.contracts.accept') }).click();
    // Lower than what it gave a downline earlier (another spec's 0.8% is below 1%): no conflict.
    await pending.waitFor({ state: 'detached', timeout: 20_000 });
    await agentPage.getByText(en('agentCentre.contracts.activeTitle')).waitFor();

    // 2. Register centre: a downline agent (type 2).
    await openCentrePage(agentPage, 'registerCenter');
    const createForm = agentPage.getByRole('form', { name: en('agentCentre.register.createTitle') });
    await createForm.waitFor();
    const downlineName = `jr${Date.now().toString(36)}`.slice(0, 14);
    await createForm.getByLabel(exactly(en('agentCentre.register.accountType'))).selectOption({
      label: en('agentCentre.register.types.2'),
    });
    await createForm.getByLabel(exactly(en('agentCentre.register.username'))).fill(downlineName);
    await createForm.getByLabel(exactly(en('agentCentre.register.password'))).fill(DOWNLINE_PASSWORD);
    await createForm.getByLabel(exactly(en('agentCentre.register.confirmPassword'))).fill(DOWNLINE_PASSWORD);
    await createForm.getByRole('button', { name: en('agentCentre.register.submit') }).click();
    await createForm.getByRole('status').waitFor({ timeout: 20_000 });
    expect(await createForm.getByRole('status').textContent()).toContain(downlineName);

    // 3. Downline management: offer the new downline 0.5% daily salary.
    await openCentrePage(agentPage, 'downlineManagmentView');
    const row = agentPage.getByTestId('downline-table').locator('tr', { hasText: downlineName });
    await row.getByRole('button', { name: en('agentCentre.downlines.details') }).click();
    const drawer = agentPage.getByRole('dialog', { name: en('agentCentre.downlines.detailsOf').replace('{{username}}', downlineName) });
    await drawer.getByRole('button', { name: en('agentCentre.offer.open') }).click();
    const offer = agentPage.getByRole('dialog', { name: en('agentCentre.offer.title').replace('{{username}}', downlineName) });
    await offer.getByTestId('upline-ceiling').waitFor({ timeout: 20_000 });
    await offer.getByTestId('tier-row').first().locator('input').nth(2).fill('0.5');
    await offer.getByRole('button', { name: en('agentCentre.offer.submit') }).click();
    await offer.waitFor({ state: 'detached', timeout: 20_000 });
    await drawer.getByText(en('agentCentre.contractStatus.PENDING')).waitFor({ timeout: 20_000 });
    await agentPage.keyboard.press('Escape');
    const agentEarningsBefore = await earningsShown(agentPage);

    // 4. The downline logs in on the site: the contract popup shows the offer; it accepts.
    const downlineContext = await englishContext(browser());
    const downlinePage = await downlineContext.newPage();
    await open(downlinePage, '/');
    // The visitors' announcement greets first; a person closes it, then logs in from the header.
    await dismissAnnouncementPopup(downlinePage);
    await downlinePage
      .locator('header')
      .getByRole('button', { name: en('header.login'), exact: true })
      .click();
    const loginDialog = downlinePage.getByRole('dialog').filter({ has: downlinePage.locator('input[autocomplete="current-password"]') });
    await loginDialog.locator('input[autocomplete="username"]').fill(downlineName);
    await loginDialog.locator('input[autocomplete="current-password"]').fill(DOWNLINE_PASSWORD);
    await loginDialog.locator('button[type="submit"]').click();
    await loginDialog.waitFor({ state: 'detached', timeout: 20_000 });
    // The greeting popups come one at a time (the shell's popup queue): the logged-in
    // announcement first, the contract offer once it is closed; never one over the other.
    const contractPopup = downlinePage.getByRole('dialog', { name: en('contractPopup.title') });
    const announcement = downlinePage.getByRole('dialog', { name: en('home.popup.title') });
    await announcement.or(contractPopup).first().waitFor({ timeout: 30_000 });
    if (await announcement.count()) {
      expect(await contractPopup.count()).toBe(0);
      await screenshot(downlinePage, 'agent-journey-announcement-first-desktop');
      await announcement
        .getByRole('button', { name: en('common.close') })
        .first()
        .click();
      await announcement.waitFor({ state: 'detached' });
    }
    await contractPopup.waitFor({ timeout: 30_000 });
    await contractPopup.getByText(AGENT.username).first().waitFor();
    expect(await announcement.count()).toBe(0);
    await screenshot(downlinePage, 'agent-journey-contract-popup-desktop');
    await contractPopup.getByRole('button', { name: en('agentCentre.contracts.accept') }).click();
    await contractPopup.waitFor({ state: 'detached', timeout: 20_000 });
    await dismissMemberPopups(downlinePage);
    const downlineId = Number(await downlinePage.evaluate(() => sessionStorage.getItem('customerId')));
    const contracts = await pageCall<{ active: { status: string; offererId: number | null } | null }>(
      downlinePage,
      'POST',
      '/wps/relay/MCS2_processDailySalContract',
      { action: 'list' },
    );
    expect(contracts.value.active).toMatchObject({ status: 'ACTIVE', offererId: agentId });

    // 5. Bets: fund the downline (a deposit approved in the back office), then play the DEMO
    //    vendor's dice game through the site (its rounds settle through the vendor wallet API).
    const depositId = await downlinePage.evaluate(async () => {
      const headers = { authorization: `Bearer ${sessionStorage.getItem('token')}`, 'content-type': 'application/json' };
      const channels = await (await fetch('/wps/v2/cashier/deposit/channels', { headers })).json();
      const channel = channels.value.find((item: { kind: string }) => item.kind !== 'gateway') ?? channels.value[0];
      const body = { channelId: channel.id, amount: '500.00', reference: `E2E${Date.now()}`, idempotencyKey: `e2e-${crypto.randomUUID()}` };
      const created = await (await fetch('/wps/v2/cashier/deposits', { method: 'POST', headers, body: JSON.stringify(body) })).json();
      return created.value.id as number;
    });
    await operatorCall(baseUrl, operatorToken, 'POST', `/admin-api/cashier/deposits/${depositId}/approve`, { note: 'e2e agent journey' });
    await open(downlinePage, '/rng');
    await dismissMemberPopups(downlinePage);
    await downlinePage.getByTestId('game-tile').first().hover();
    await downlinePage.getByTestId('game-play').first().click();
    await expect.poll(() => new URL(downlinePage.url()).pathname, { timeout: 20_000 }).toBe('/seamless');
    const frame = downlinePage.frameLocator('[data-testid="seamless-frame"]');
    await frame.getByTestId('demo-label').waitFor({ timeout: 20_000 });
    await frame.getByTestId('demo-amount').fill(ROLL_AMOUNT);
    let stakes = 0;
    for (let roll = 0; roll < ROLLS; roll += 1) {
      await expect.poll(() => frame.getByTestId('demo-roll').isEnabled(), { timeout: 15_000 }).toBe(true);
      const before = (await frame.getByTestId('demo-result').textContent()) ?? '';
      await frame.getByTestId('demo-roll').click();
      await expect.poll(async () => ((await frame.getByTestId('demo-message').textContent()) ?? '') !== '', { timeout: 15_000 }).toBe(true);
      await expect.poll(() => frame.getByTestId('demo-roll').isEnabled(), { timeout: 15_000 }).toBe(true);
      const message = (await frame.getByTestId('demo-message').textContent()) ?? '';
      expect(message, `roll ${roll}: ${before}`).toMatch(/^(You win|No win this time)/);
      stakes += cents(ROLL_AMOUNT);
    }
    await screenshot(downlinePage, 'agent-journey-dice-desktop');

    // 6. A day passes for the settlement jobs (test clock): they bill today's daily salaries.
    const tick = await operator<{ now: string; ran: string[]; bills: TickBill[] }>('POST', '/admin-api/test/agent-settlement-clock', {
      advanceMinutes: 24 * 60,
    });
    expect(tick.ran).toContain('agent-settle:DAILY_SALARY:DAILY');
    const downlineBills = tick.bills.filter((bill) => bill.payeeId === downlineId && bill.type === 'DAILY_SALARY');
    expect(downlineBills.length).toBeGreaterThanOrEqual(1);
    // Every stake of the day was settled (a run across local midnight splits it over two days).
    expect(downlineBills.reduce((sum, bill) => sum + cents(bill.validBet), 0)).toBe(stakes);
    for (const bill of downlineBills) {
      expect(bill.payerId).toBe(agentId);
      expect(cents(bill.amountDue)).toBe(Math.floor((cents(bill.validBet) * 50) / 10_000));
      expect([bill.status, bill.amountPaid]).toEqual(['PAID', bill.amountDue]);
    }
    const salary = downlineBills.reduce((sum, bill) => sum + cents(bill.amountPaid), 0);
    expect(salary).toBeGreaterThan(0);
    // The agent's own earnings move by what it received minus what it paid in this run.
    const agentNet = tick.bills.reduce(
      (sum, bill) =>
        sum + (bill.payeeId === agentId ? cents(bill.amountPaid) : 0) - (bill.payerId === agentId ? cents(bill.amountPaid) : 0),
      0,
    );

    // 7. The agent sees the bill it paid and its earnings moved.
    await agentPage.reload();
    await agentPage.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    const paidRow = await billRow(agentPage, 'PAID', downlineName);
    expect(await paidRow.textContent()).toContain(en('agentCentre.billStatus.PAID'));
    expect(cents(money(await paidRow.locator('td').nth(7).textContent()))).toBe(cents(downlineBills[0]?.amountPaid ?? 0));
    await expect.poll(() => earningsShown(agentPage), { timeout: 20_000 }).toBe(agentEarningsBefore + agentNet);
    await screenshot(agentPage, 'agent-journey-bills-paid-desktop');
    await openCentrePage(agentPage, 'agentTeamOverview');
    await agentPage.getByTestId('team-overview').waitFor({ timeout: 20_000 });
    await screenshot(agentPage, 'agent-journey-team-overview-desktop');
    await openCentrePage(agentPage, 'agentRevenueReport');
    await screenshot(agentPage, 'agent-journey-revenue-desktop');

    // 8. The downline opens its own agent centre: the bill received from its upline, its earnings.
    await downlineContext.close();
    const downlineCentre = await englishContext(browser());
    const centrePage = await downlineCentre.newPage();
    await logInAtAgentPage(centrePage, { username: downlineName, password: DOWNLINE_PASSWORD });
    const receivedRow = await billRow(centrePage, 'RECEIVED', AGENT.username);
    expect(await receivedRow.textContent()).toContain(en('agentCentre.billStatus.PAID'));
    await expect.poll(() => earningsShown(centrePage), { timeout: 20_000 }).toBe(salary);
    await screenshot(centrePage, 'agent-journey-bills-received-desktop');
    await downlineCentre.close();
    await agentContext.close();

    // 9. The centre on a phone: every page fits 390 px (tables scroll in their own box or
    //    become cards; nothing widens the page), including the bills and a downline's details.
    const mobile = await englishContext(browser(), true);
    const phone = await mobile.newPage();
    await logInAtAgentPage(phone, AGENT);
    const phonePages = [
      'agentAnnouncement',
      'agentTeamOverview',
      'registerCenter',
      'downlineManagmentView',
      'personalHistoryCopy',
      'palStatementsAgentCopy',
      'agentRevenueReport',
      'agentDownlineTransactionDetailsCopy',
      'agentDailyWages2',
    ];
    for (const entry of phonePages) {
      await openCentrePage(phone, entry);
      if (entry === 'downlineManagmentView') await phone.getByTestId('downline-table').waitFor({ timeout: 20_000 });
      await phone.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
      await screenshot(phone, `agent-journey-${entry}-mobile`);
      expect(await pageWidth(phone), entry).toBeLessThanOrEqual(PHONE_WIDTH);
    }
    await phone.getByRole('tab', { name: en('agentCentre.contracts.downlines') }).click();
    await phone.getByText(downlineName).first().waitFor({ timeout: 20_000 });
    expect(await pageWidth(phone), 'downline contracts').toBeLessThanOrEqual(PHONE_WIDTH);
    await billRow(phone, 'PAID', downlineName);
    await screenshot(phone, 'agent-journey-bills-paid-mobile');
    expect(await pageWidth(phone), 'bills').toBeLessThanOrEqual(PHONE_WIDTH);
    await openCentrePage(phone, 'downlineManagmentView');
    const phoneRow = phone.getByTestId('downline-table').locator('tr', { hasText: downlineName });
    await phoneRow.getByRole('button', { name: en('agentCentre.downlines.details') }).click();
    const phoneDrawer = phone.getByRole('dialog', { name: en('agentCentre.downlines.detailsOf').replace('{{username}}', downlineName) });
    await phoneDrawer.getByRole('button', { name: en('agentCentre.transfer.submit') }).waitFor({ timeout: 20_000 });
    await screenshot(phone, 'agent-journey-downline-details-mobile');
    expect(await pageWidth(phone), 'downline details').toBeLessThanOrEqual(PHONE_WIDTH);
    await mobile.close();
  }, 240_000);
});

import { DEMO_VENDOR_PATHS } from '@kismat/contracts/vendor-wallet';
import type { Browser, BrowserContext, Frame, Page, Response } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { screenshot, useBrowser } from '../support/browser';
import { englishContext, logInMember, openSite } from '../support/member-login';
import { dismissMemberPopups, startFreePlay } from '../support/site';

/*
 * Issue 11, finding 9: the built site runs under its strict Content-Security-Policy in
 * Chromium with no violation: home, a game centre, the wallet, a game popup (the demo vendor's
 * client in the site's frame) and the back office. Every `securitypolicyviolation` event of
 * every frame and every CSP console error is collected; a planted inline script shows the
 * collector sees what the policy blocks. The documents must carry the policy (main before the
 * fix had none, so nothing could be violated).
 */

const baseUrl = inject('baseUrl');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };
const SUPPORT = { username: 'demosupport', password: 'Demo@2025' };
const DEMO_VENDOR_CLIENT = DEMO_VENDOR_PATHS.client;

interface Violation {
  directive: string;
  blocked: string;
  source: string;
  frame: string;
}

/** A context whose every frame reports CSP violations (events and console errors) into `violations`. */
async function watchedContext(browser: Browser, violations: Violation[]): Promise<BrowserContext> {
  const context = await englishContext(browser);
  await context.exposeBinding('reportCspViolation', ({ frame }, violation: Omit<Violation, 'frame'>) => {
    violations.push({ ...violation, frame: frame.url() });
  });
  // Injected by the browser's debugging protocol, so the page's own policy does not block it.
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as { reportCspViolation: (violation: unknown) => void }).reportCspViolation;
        report({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber} ${event.sample}`,
        });
      },
      true,
    );
  });
  return context;
}

function watchConsole(page: Page, violations: Violation[]): void {
  page.on('console', (message) => {
    const text = message.text();
    if (/Content.Security.Policy/i.test(text))
      violations.push({ directive: 'console', blocked: text, source: message.type(), frame: page.url() });
  });
}

/** The demo vendor's game client in the site's frame (popup or /seamless page), once it shows a balance, and one round played. */
async function playInGameFrame(page: Page): Promise<void> {
  let frame: Frame | undefined;
  await expect
    .poll(
      () => {
        frame = page.frames().find((candidate) => candidate.url().includes(DEMO_VENDOR_CLIENT));
        return Boolean(frame);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const client = frame as Frame;
  await expect
    .poll(
      async () =>
        (await client
          .getByTestId('demo-balance')
          .textContent()
          .catch(() => '')) ?? '',
      { timeout: 30_000 },
    )
    .toMatch(/^\d+\.\d{2}$/);
  await client.getByTestId('demo-roll').click();
  await expect.poll(async () => (await client.getByTestId('demo-message').textContent()) ?? '', { timeout: 15_000 }).not.toBe('');
}

function expectStrictPolicy(response: Response | null, frameAncestors: string): void {
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy, 'the page carries a Content-Security-Policy').toMatch(/default-src 'self'/);
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  expect(policy).toContain(`frame-ancestors ${frameAncestors}`);
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
}

describe('the built site under its Content-Security-Policy (Chromium)', () => {
  const browser = useBrowser();
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  it('home, a game centre and a free trial in the game popup run with no violation', { timeout: 180_000 }, async () => {
    const violations: Violation[] = [];
    const context = await watchedContext(browser(), violations);
    contexts.push(context);
    const page = await context.newPage();
    watchConsole(page, violations);

    const home = await page.goto(`${baseUrl}/`);
    expectStrictPolicy(home, "'none'");
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });

    // The collector sees what the policy blocks: a script planted in the page never runs.
    const ran = await page.evaluate(async () => {
      const planted = document.createElement('script');
      planted.textContent = 'window.plantedScriptRan = true;';
      document.head.append(planted);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return (window as unknown as { plantedScriptRan?: boolean }).plantedScriptRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((violation) => violation.directive === 'script-src-elem')).toBe(true);
    violations.length = 0;
    await dismissMemberPopups(page);
    await screenshot(page, 'csp-home');

    // A game centre as a free-trial player; the trial opens in the game popup.
    await openSite(page, baseUrl, '/rng');
    await dismissMemberPopups(page);
    await startFreePlay(page);
    const tile = page.getByTestId('game-tile').first();
    await tile.hover();
    await tile.getByTestId('game-trial').click();
    await page.getByTestId('game-popup-frame').waitFor({ timeout: 15_000 });
    await playInGameFrame(page);
    await screenshot(page, 'csp-game-popup');

    expect(violations).toEqual([]);
  });

  it('a member plays in the game page and opens the wallet with no violation', { timeout: 180_000 }, async () => {
    const violations: Violation[] = [];
    const context = await watchedContext(browser(), violations);
    contexts.push(context);
    const page = await context.newPage();
    watchConsole(page, violations);
    await logInMember(page, baseUrl, PLAYER);

    await openSite(page, baseUrl, '/rng');
    await dismissMemberPopups(page);
    const tile = page.getByTestId('game-tile').first();
    await tile.waitFor({ timeout: 20_000 });
    await tile.hover();
    await tile.getByTestId('game-play').click();
    await playInGameFrame(page);
    await screenshot(page, 'csp-game-page');

    // The wallet: deposit and withdrawal pages (the live balance socket included).
    const wallet = await page.goto(`${baseUrl}/member?page=depositv2`);
    expectStrictPolicy(wallet, "'none'");
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    await dismissMemberPopups(page);
    await page.goto(`${baseUrl}/member?page=withdraw`);
    await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
    await dismissMemberPopups(page);
    await screenshot(page, 'csp-wallet');

    expect(violations).toEqual([]);
  });

  it('the back office runs with no violation', { timeout: 120_000 }, async () => {
    const violations: Violation[] = [];
    const context = await watchedContext(browser(), violations);
    contexts.push(context);
    const page = await context.newPage();
    watchConsole(page, violations);
    const response = await page.goto(`${baseUrl}/admin/`);
    expectStrictPolicy(response, "'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.getByRole('heading', { name: 'Operator login' }).waitFor();
    await page.getByLabel('Username').fill(SUPPORT.username);
    await page.getByLabel('Password').fill(SUPPORT.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('operator-name').waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'csp-admin');
    expect(violations).toEqual([]);
  });
});

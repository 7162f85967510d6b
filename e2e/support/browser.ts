import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, headless, with the network-quiet flags this machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * One Chromium for the enclosing `describe`: launched before its tests and closed after them (after
 * the block's own later `afterAll` hooks, which run first). Call it inside `describe`; the getter
 * hands the browser to the tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('useBrowser: the browser is launched in beforeAll; call the getter inside a test');
    return browser;
  };
}

/**
 * `useBrowser` plus the contexts a suite opens (it pushes each one): after the suite they are
 * closed, then the browser.
 */
export function useBrowserContexts(): { browser: () => Browser; contexts: BrowserContext[] } {
  const browser = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });
  return { browser, contexts };
}

/**
 * The players' clock: a phone in Dhaka, as the demo merchant's players have (UTC+6). The site no
 * longer depends on it: its date presets count from the merchant's day (permission info's
 * utcOffsetMinutes, lib/date-presets.ts), so a browser on UTC or in Los Angeles asks for the same
 * days. It stays because it still mirrors a real player's device (dates and times it formats).
 */
export const PLAYER_TIMEZONE = 'Asia/Dhaka';

export async function newContext(browser: Browser, options: { mobile?: boolean; language?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    isMobile: options.mobile ?? false,
    locale: options.language ?? 'bn-BD',
    timezoneId: PLAYER_TIMEZONE,
  });
}

/** Screenshots go to a git-ignored folder so a person can look at them after the run. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * Waits until the page's CSS animations and transitions that end (a dialog's fade-in, a menu's
 * slide, a card's flip) have ended, so a screenshot or a hit test sees where they settle; endless
 * ones (spinners, marquees) are not waited for. Instead of a fixed pause after such a change.
 */
export async function animationsDone(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
}

import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { newContext, screenshot } from './browser';
import { apiClient } from './member-api';
import { exactly } from './member-login';
import { randomMobile, smsCode, solveCaptcha } from './registration';

/**
 * The accounts spec's person at the keyboard, in BN or EN: opens the site (closing the
 * announcement popup whenever it is in the way), registers by username or mobile (SMS code from
 * the stand-in gateway, the captcha answered), logs in and out, and reads the site's own texts.
 */

const baseUrl = inject('baseUrl');
const smsGatewayUrl = inject('smsGatewayUrl');

export type Language = 'bn' | 'en';
type Messages = Record<string, unknown>;

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

function loadMessages(file: string): Messages {
  return JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')) as Messages;
}

function merge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && value !== null && typeof existing === 'object' && existing !== null
        ? merge({ ...(existing as Messages) }, value as Messages)
        : value;
  }
  return target;
}

/** The shell's messages with the parts lazy screens merge in (apps/web/src/lib/i18n.ts PART_LOADERS). */
function loadShell(language: Language): Messages {
  return ['', 'house-games/', 'agent-centre/', 'member-centre/'].reduce<Messages>(
    (tree, folder) => merge(tree, loadMessages(`${folder}${language}.json`)),
    {},
  );
}

const MESSAGES: Record<Language, { shell: Messages; accounts: Messages }> = {
  bn: { shell: loadShell('bn'), accounts: loadMessages('accounts/bn.json') },
  en: { shell: loadShell('en'), accounts: loadMessages('accounts/en.json') },
};

/** The site's own text: 'header.login' from the shell, 'accounts:login.title' from the accounts namespace. */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, dotted] = key.includes(':') ? (key.split(':') as [string, string]) : ['shell', key];
  let node: unknown = namespace === 'accounts' ? MESSAGES[language].accounts : MESSAGES[language].shell;
  for (const part of dotted.split('.')) node = (node as Messages)[part];
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${language}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Puts a member's password back (log in, change) so later specs find the demo accounts as seeded. */
export async function restorePassword(username: string, current: string, original: string): Promise<void> {
  const api = apiClient(baseUrl);
  const token = await api.login(username, current);
  await api.call('POST', '/wps/member/password', {
    body: { oldPassword: current, newPassword: original, confirmNewPassword: original },
    token,
    isSealed: true,
  });
}

export function randomUsername(prefix: string): string {
  return `${prefix}${randomInt(100_000, 1_000_000)}`;
}

export interface Site {
  context: BrowserContext;
  page: Page;
  language: Language;
  /** The id of the newest captcha image the page loaded (x-captcha-id). */
  captchaIds: string[];
}

export async function openSite(browser: Browser, language: Language, options: { mobile?: boolean; path?: string } = {}): Promise<Site> {
  const context = await newContext(browser, { mobile: options.mobile, language: language === 'bn' ? 'bn-BD' : 'en-GB' });
  if (language === 'en') await context.addInitScript(() => window.localStorage.setItem('lang', 'EN'));
  const page = await context.newPage();
  const site: Site = { context, page, language, captchaIds: [] };
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/wps/captcha' && response.ok()) {
      const id = response.headers()['x-captcha-id'];
      if (id) site.captchaIds.push(id);
    }
  });
  // The home page's announcement popup (audience B for visitors, A after a login) may cover
  // the page at any time: whenever it is in the way of an action, it is closed first.
  const announcement = page.getByRole('dialog', { name: text(language, 'home.popup.title') });
  await page.addLocatorHandler(announcement, async () => {
    // A popup opened over it (the login popup) covers its close button: dispatch the click.
    // It may also have closed by itself meanwhile: a missing button is not an error.
    await announcement
      .getByRole('button', { name: text(language, 'common.close') })
      .first()
      .dispatchEvent('click', undefined, { timeout: 2000 })
      .catch(() => undefined);
  });
  await page.goto(`${baseUrl}${options.path ?? '/'}`);
  await page.waitForSelector('#loading-cover, #first-screen', { state: 'detached' });
  return site;
}

export function dialog(site: Site, titleKey: string): Locator {
  return site.page.getByRole('dialog', { name: text(site.language, titleKey) });
}

/** The input (not the tab panel a tab of the same name labels) with this label. */
export function field(scope: Locator | Page, label: string): Locator {
  return scope.getByLabel(exactly(label)).and(scope.locator('input, select, textarea'));
}

/** Waits for a new captcha image and types its answer. */
export async function answerCaptcha(site: Site, scope: Locator, seenBefore: number): Promise<void> {
  await expect.poll(() => site.captchaIds.length, { timeout: 15_000 }).toBeGreaterThan(seenBefore);
  const id = site.captchaIds[site.captchaIds.length - 1] ?? '';
  await expect(scope.getByRole('img', { name: text(site.language, 'common.captchaImage') }).isVisible()).resolves.toBe(true);
  await field(scope, text(site.language, 'accounts:fields.captcha')).fill(await solveCaptcha(id));
}

/** A message template as a pattern: each {{value}} matches anything. */
export function templatePattern(language: Language, key: string): RegExp {
  const template = rawTemplate(language, key);
  return new RegExp(
    template
      .split(/\{\{\s*\w+\s*\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+'),
  );
}

function rawTemplate(language: Language, key: string): string {
  const [namespace, dotted] = key.includes(':') ? (key.split(':') as [string, string]) : ['shell', key];
  let node: unknown = namespace === 'accounts' ? MESSAGES[language].accounts : MESSAGES[language].shell;
  for (const part of dotted.split('.')) node = (node as Messages)[part];
  return String(node);
}

/** Presses "send code", checks the countdown started, and reads the code from the outbox. */
export async function sendSmsCode(site: Site, scope: Locator, mobile: string): Promise<string> {
  const sendButton = scope.getByRole('button', { name: text(site.language, 'common.sendCode') });
  const refused = site.page.getByRole('dialog', { name: text(site.language, 'common.sendFailedTitle') });
  // One code per number per minute: a number that just got its registration code is refused
  // (the warning shows the server's message and the button counts down); then it is sent again.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const sentAt = Date.now();
    await sendButton.click();
    await scope.getByRole('button', { name: templatePattern(site.language, 'common.resendIn') }).waitFor();
    if (!(await refused.isVisible().catch(() => false))) {
      await site.page.waitForTimeout(300);
      if (!(await refused.isVisible())) return smsCode(smsGatewayUrl, mobile, sentAt);
    }
    await refused.getByRole('button', { name: text(site.language, 'common.ok') }).click();
    await sendButton.waitFor({ timeout: 70_000 });
  }
  throw new Error(`the SMS code for ${mobile} was refused twice`);
}

/** The account menu button (on phones it shows only the avatar, so it is found by its label). */
export function accountMenuButton(site: Site): Locator {
  return site.page.locator('header').getByRole('button', { name: new RegExp(text(site.language, 'header.accountMenu')) });
}

export async function expectSignedIn(site: Site, nickname: string): Promise<void> {
  await accountMenuButton(site).waitFor({ timeout: 20_000 });
  expect(await site.page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  expect(await site.page.evaluate(() => sessionStorage.getItem('nickname'))).toBe(nickname);
}

export async function signOut(site: Site): Promise<void> {
  await accountMenuButton(site).click();
  await site.page.getByRole('menuitem', { name: text(site.language, 'header.logout') }).click();
  const confirm = site.page.getByRole('dialog', { name: text(site.language, 'header.logoutTitle') });
  await confirm.getByRole('button', { name: text(site.language, 'header.logout') }).click();
  await site.page
    .locator('header')
    .getByRole('button', { name: text(site.language, 'header.login') })
    .waitFor();
  const keys = await site.page.evaluate(() => Object.keys(sessionStorage).sort());
  // Only the merchant and the signed-out marker stay (the visitors' welcome is not for someone
  // who has an account); nothing of the member's session.
  const left = keys.filter((key) => key !== 'merchant' && key !== 'merchantCode' && key !== 'signedOut');
  expect(left).toEqual([]);
  expect(keys).toContain('merchantCode');
}

export async function openLogin(site: Site): Promise<Locator> {
  await site.page
    .locator('header')
    .getByRole('button', { name: text(site.language, 'header.login') })
    .click();
  const login = dialog(site, 'accounts:login.title');
  await login.waitFor();
  return login;
}

export async function logIn(site: Site, username: string, password: string): Promise<void> {
  const login = await openLogin(site);
  await field(login, text(site.language, 'accounts:fields.username')).fill(username);
  await field(login, text(site.language, 'accounts:fields.password')).fill(password);
  await login.getByRole('button', { name: text(site.language, 'accounts:login.submit'), exact: true }).click();
  await login.waitFor({ state: 'detached', timeout: 20_000 });
}

export interface Registered {
  username: string;
  password: string;
  mobile: string;
  nickname: string;
}

/** Registers through the register popup: username or mobile tab, SMS code from the outbox, captcha, terms. */
export async function register(site: Site, kind: 'username' | 'mobile', password: string): Promise<Registered> {
  const { page, language } = site;
  const captchasBefore = site.captchaIds.length;
  await page
    .locator('header')
    .getByRole('button', { name: text(language, 'header.register') })
    .click();
  const form = dialog(site, 'accounts:register.title');
  await form.waitFor();
  const mobile = randomMobile();
  const username = kind === 'username' ? randomUsername(language === 'bn' ? 'bnuser' : 'enuser') : mobile;
  if (kind === 'mobile') await form.getByRole('tab', { name: text(language, 'accounts:register.tabMobile') }).click();
  else await field(form, text(language, 'accounts:fields.username')).fill(username);
  await field(form, text(language, 'accounts:fields.mobile')).fill(mobile);
  const code = await sendSmsCode(site, form, mobile);
  await field(form, text(language, 'accounts:fields.smsCode')).fill(code);
  await field(form, text(language, 'accounts:fields.password')).fill(password);
  await field(form, text(language, 'accounts:fields.confirmPassword')).fill(password);
  await answerCaptcha(site, form, captchasBefore);
  await screenshot(page, `accounts-register-${kind}-${language}-desktop`);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: text(language, 'accounts:register.submit'), exact: true }).click();
  await form.waitFor({ state: 'detached', timeout: 30_000 });
  return { username, password, mobile, nickname: username };
}

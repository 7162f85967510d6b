import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../apps/server/src/modules/member/password-hash';
import { importSealingKey, sealPayload } from '../../packages/contracts/src/encryption';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { smsCode as sentSmsCode } from '../support/registration';

/**
 * Issue 3's acceptance list in a real browser, against the built site and the real server on a
 * fresh database: register by username and by mobile (SMS codes read from the stand-in SMS
 * gateway the server delivers to, e2e/support/global-setup.ts), log out, log in, the captcha after three wrong passwords,
 * forgot by phone, the forced change of 123456, the trial player's limits and the agent login,
 * in BN and EN.
 *
 * Registration always shows a captcha (the seeded rules require it). The server offers no
 * test-only way to read a captcha answer, so on Postgres the spec reads the stored answer hash
 * and finds the answer by exhaustion (4 characters of 31); on the embedded database (one
 * process only) the flows that must pass a captcha are skipped.
 */

const baseUrl = inject('baseUrl');
const smsGatewayUrl = inject('smsGatewayUrl');
const adminDatabaseUrl = process.env.DATABASE_URL;
const canSolveCaptcha = Boolean(adminDatabaseUrl);

type Language = 'bn' | 'en';
type Messages = Record<string, unknown>;

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

function loadMessages(file: string): Messages {
  return JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')) as Messages;
}

const MESSAGES: Record<Language, { shell: Messages; accounts: Messages }> = {
  bn: { shell: loadMessages('bn.json'), accounts: loadMessages('accounts/bn.json') },
  en: { shell: loadMessages('en.json'), accounts: loadMessages('accounts/en.json') },
};

/** The site's own text: 'header.login' from the shell, 'accounts:login.title' from the accounts namespace. */
function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  const [namespace, dotted] = key.includes(':') ? (key.split(':') as [string, string]) : ['shell', key];
  let node: unknown = namespace === 'accounts' ? MESSAGES[language].accounts : MESSAGES[language].shell;
  for (const part of dotted.split('.')) node = (node as Messages)[part];
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${language}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Server messages the spec fixes (platform/messages.ts). */
const SERVER_TEXT = {
  AGENT_ONLY: { bn: 'এজেন্ট ছাড়া লগইন করা যাবে না', en: 'Non-agents cannot log in' },
  LOGIN_FAILED: { bn: 'অ্যাকাউন্ট বা পাসওয়ার্ড সঠিক নয়', en: 'The account or password is incorrect' },
};

const DEMO = {
  agent: { username: 'demoagent', password: 'Demo@2025' },
  player: { username: 'demoplayer', password: 'Demo@2025', mobile: '1700000001' },
};

function exactly(value: string): RegExp {
  return new RegExp(`^\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);
}

// ---------------------------------------------------------------- server helpers

/** The newest SMS code sent to a number, as the SMS gateway received it from the server. */
function smsCode(nationalNumber: string, after: number): Promise<string> {
  return sentSmsCode(smsGatewayUrl, nationalNumber, after);
}

const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
let captchaDatabase: string | null = null;

async function withDatabase<T>(name: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(adminDatabaseUrl ?? '');
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The stored answer hash of a captcha; the e2e database is found by the captcha id itself. */
async function captchaHash(captchaId: string): Promise<string> {
  const candidates = captchaDatabase ? [captchaDatabase] : await listE2eDatabases();
  for (const name of candidates) {
    const hash = await withDatabase(name, async (client) => {
      const result = await client
        .query<{ answer_hash: string }>('select answer_hash from captchas where id = $1', [captchaId])
        .catch(() => null);
      return result?.rows[0]?.answer_hash ?? null;
    });
    if (hash) {
      captchaDatabase = name;
      return hash;
    }
  }
  throw new Error(`captcha ${captchaId} not found`);
}

async function listE2eDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ datname: string }>("select datname from pg_database where datname like 'kismat_e2e_%'");
    return result.rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

/**
 * Gives a member a password the way an account made before the password rules holds it:
 * registration, agent-made downlines and every change now refuse 123456 (issue 11 item 8), and
 * no operator call sets a member's password, but accounts from before keep theirs. The hash is
 * the server's own (argon2id, same parameters), written in the e2e database, found by the name.
 */
async function setPasswordFromBeforeTheRules(username: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const candidates = captchaDatabase ? [captchaDatabase] : await listE2eDatabases();
  for (const name of candidates) {
    const updated = await withDatabase(name, (client) =>
      client.query('update members set password_hash = $1 where username = $2', [passwordHash, username]).catch(() => null),
    );
    if (updated?.rowCount === 1) return;
  }
  throw new Error(`member ${username} not found in the e2e database`);
}

/** The answer of a captcha: four characters, so the stored hash gives way to exhaustion. */
async function solveCaptcha(captchaId: string): Promise<string> {
  const hash = await captchaHash(captchaId);
  for (const a of CAPTCHA_ALPHABET)
    for (const b of CAPTCHA_ALPHABET)
      for (const c of CAPTCHA_ALPHABET)
        for (const d of CAPTCHA_ALPHABET) {
          const answer = `${a}${b}${c}${d}`;
          if (createHash('sha256').update(`${captchaId}:${answer}`).digest('hex') === hash) return answer;
        }
  throw new Error('captcha answer not found');
}

/** An E call from the test itself (sealed like the site seals it). */
async function sealedCall<T>(callPath: string, body: unknown, token?: string): Promise<T> {
  const keyResponse = (await (await fetch(`${baseUrl}/wps/system/publicKey`)).json()) as {
    value: { publicKeyPem: string; serverTime: number };
  };
  const sealed = await sealPayload(await importSealingKey(keyResponse.value.publicKeyPem, keyResponse.value.serverTime), callPath, body);
  const response = await fetch(`${baseUrl}${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(sealed),
  });
  const envelope = (await response.json()) as { success: boolean; code: string; value: T };
  if (!envelope.success) throw new Error(`${callPath}: ${envelope.code}`);
  return envelope.value;
}

/** Puts a member's password back (log in, change) so later specs find the demo accounts as seeded. */
async function restorePassword(username: string, current: string, original: string): Promise<void> {
  const login = await sealedCall<{ token: string }>('/wps/session/login', { type: 'username', username, password: current });
  await sealedCall('/wps/member/password', { oldPassword: current, newPassword: original, confirmNewPassword: original }, login.token);
}

function randomMobile(): string {
  // Bangladesh mobile numbers: 1 then an operator digit 3-9, then eight digits.
  return `1${randomInt(3, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function randomUsername(prefix: string): string {
  return `${prefix}${randomInt(100_000, 1_000_000)}`;
}

// ---------------------------------------------------------------- page helpers

interface Site {
  context: BrowserContext;
  page: Page;
  language: Language;
  /** The id of the newest captcha image the page loaded (x-captcha-id). */
  captchaIds: string[];
}

async function openSite(browser: Browser, language: Language, options: { mobile?: boolean; path?: string } = {}): Promise<Site> {
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
  await page.waitForSelector('#loading-cover', { state: 'detached' });
  return site;
}

function dialog(site: Site, titleKey: string): Locator {
  return site.page.getByRole('dialog', { name: text(site.language, titleKey) });
}

/** The input (not the tab panel a tab of the same name labels) with this label. */
function field(scope: Locator | Page, label: string): Locator {
  return scope.getByLabel(exactly(label)).and(scope.locator('input, select, textarea'));
}

/** Waits for a new captcha image and types its answer. */
async function answerCaptcha(site: Site, scope: Locator, seenBefore: number): Promise<void> {
  await expect.poll(() => site.captchaIds.length, { timeout: 15_000 }).toBeGreaterThan(seenBefore);
  const id = site.captchaIds[site.captchaIds.length - 1] ?? '';
  await expect(scope.getByRole('img', { name: text(site.language, 'common.captchaImage') }).isVisible()).resolves.toBe(true);
  await field(scope, text(site.language, 'accounts:fields.captcha')).fill(await solveCaptcha(id));
}

/** A message template as a pattern: each {{value}} matches anything. */
function templatePattern(language: Language, key: string): RegExp {
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
async function sendSmsCode(site: Site, scope: Locator, mobile: string): Promise<string> {
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
      if (!(await refused.isVisible())) return smsCode(mobile, sentAt);
    }
    await refused.getByRole('button', { name: text(site.language, 'common.ok') }).click();
    await sendButton.waitFor({ timeout: 70_000 });
  }
  throw new Error(`the SMS code for ${mobile} was refused twice`);
}

/** The account menu button (on phones it shows only the avatar, so it is found by its label). */
function accountMenuButton(site: Site): Locator {
  return site.page.locator('header').getByRole('button', { name: new RegExp(text(site.language, 'header.accountMenu')) });
}

async function expectSignedIn(site: Site, nickname: string): Promise<void> {
  await accountMenuButton(site).waitFor({ timeout: 20_000 });
  expect(await site.page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
  expect(await site.page.evaluate(() => sessionStorage.getItem('nickname'))).toBe(nickname);
}

async function signOut(site: Site): Promise<void> {
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

async function openLogin(site: Site): Promise<Locator> {
  await site.page
    .locator('header')
    .getByRole('button', { name: text(site.language, 'header.login') })
    .click();
  const login = dialog(site, 'accounts:login.title');
  await login.waitFor();
  return login;
}

async function logIn(site: Site, username: string, password: string): Promise<void> {
  const login = await openLogin(site);
  await field(login, text(site.language, 'accounts:fields.username')).fill(username);
  await field(login, text(site.language, 'accounts:fields.password')).fill(password);
  await login.getByRole('button', { name: text(site.language, 'accounts:login.submit'), exact: true }).click();
  await login.waitFor({ state: 'detached', timeout: 20_000 });
}

interface Registered {
  username: string;
  password: string;
  mobile: string;
  nickname: string;
}

/** Registers through the register popup: username or mobile tab, SMS code from the outbox, captcha, terms. */
async function register(site: Site, kind: 'username' | 'mobile', password: string): Promise<Registered> {
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

// ---------------------------------------------------------------- specs

describe('accounts in a real browser', () => {
  let browser: Browser;
  let demoPlayerPassword = DEMO.player.password;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    if (demoPlayerPassword !== DEMO.player.password) {
      // Later specs log in as the demo player with its seeded password.
      await restorePassword(DEMO.player.username, demoPlayerPassword, DEMO.player.password);
    }
    await browser.close();
  });

  describe.each(['bn', 'en'] as const)('in %s', (language) => {
    const registered: { byUsername?: Registered; byMobile?: Registered } = {};

    it.skipIf(!canSolveCaptcha)('registers by username, logs out and logs in again', { timeout: 120_000 }, async () => {
      const site = await openSite(browser, language);
      const member = await register(site, 'username', `Pass${randomInt(1000, 9999)}x`);
      registered.byUsername = member;
      await expectSignedIn(site, member.nickname);
      expect(new URL(site.page.url()).pathname).toBe('/');
      expect(
        await site.page.evaluate(() => ({ account: sessionStorage.getItem('account'), isAgent: sessionStorage.getItem('isAgent') })),
      ).toEqual({
        account: member.username,
        isAgent: 'false',
      });
      await accountMenuButton(site).click();
      await screenshot(site.page, `accounts-header-menu-${language}-desktop`);
      await site.page.keyboard.press('Escape');

      await signOut(site);
      await logIn(site, member.username, member.password);
      await expectSignedIn(site, member.nickname);
      await screenshot(site.page, `accounts-signed-in-${language}-desktop`);
      await site.context.close();
    });

    it.skipIf(!canSolveCaptcha)('registers by mobile number (the number becomes the username)', { timeout: 120_000 }, async () => {
      const site = await openSite(browser, language, { mobile: language === 'en' });
      const member = await register(site, 'mobile', `Mob${randomInt(1000, 9999)}pass`);
      registered.byMobile = member;
      await expectSignedIn(site, member.mobile);
      expect(await site.page.evaluate(() => sessionStorage.getItem('username'))).toBe(member.mobile);
      await screenshot(site.page, `accounts-registered-mobile-${language}-${language === 'en' ? 'mobile' : 'desktop'}`);
      await site.context.close();
    });

    it('shows the captcha after three wrong passwords', { timeout: 90_000 }, async () => {
      const site = await openSite(browser, language);
      const login = await openLogin(site);
      await screenshot(site.page, `accounts-login-${language}-desktop`);
      const username = registered.byUsername?.username ?? randomUsername('nobody');
      await field(login, text(language, 'accounts:fields.username')).fill(username);
      const captchaField = field(login, text(language, 'accounts:fields.captcha'));
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect(await captchaField.count()).toBe(0);
        await field(login, text(language, 'accounts:fields.password')).fill(`wrong-${attempt}`);
        await login.getByRole('button', { name: text(language, 'accounts:login.submit'), exact: true }).click();
        await login.getByText(SERVER_TEXT.LOGIN_FAILED[language]).waitFor();
      }
      await captchaField.waitFor();
      await login.getByRole('img', { name: text(language, 'common.captchaImage') }).waitFor();
      await screenshot(site.page, `accounts-login-captcha-${language}-desktop`);

      // Without the captcha the form does not even ask the server.
      await field(login, text(language, 'accounts:fields.password')).fill('whatever');
      await login.getByRole('button', { name: text(language, 'accounts:login.submit'), exact: true }).click();
      await login.getByText(text(language, 'accounts:validation.captchaRequired')).waitFor();

      if (canSolveCaptcha && registered.byUsername) {
        await answerCaptcha(site, login, 0);
        await field(login, text(language, 'accounts:fields.password')).fill(registered.byUsername.password);
        await login.getByRole('button', { name: text(language, 'accounts:login.submit'), exact: true }).click();
        await login.waitFor({ state: 'detached', timeout: 20_000 });
        await expectSignedIn(site, registered.byUsername.nickname);
      }
      await site.context.close();
    });

    it('sets a new password by phone and is logged in with it', { timeout: 150_000 }, async () => {
      const site = await openSite(browser, language);
      const useDemo = !registered.byMobile;
      const mobile = registered.byMobile?.mobile ?? DEMO.player.mobile;
      const newPassword = `New${randomInt(1000, 9999)}pass`;
      const login = await openLogin(site);
      await login.getByRole('button', { name: text(language, 'accounts:login.forgot') }).click();
      const forgot = dialog(site, 'accounts:forgot.title');
      await forgot.waitFor();
      // CHNGPASSVERIF3 is on for the default merchant: the mobile tab comes first.
      expect(await forgot.getByRole('tab', { name: text(language, 'accounts:forgot.tabMobile') }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await field(forgot, text(language, 'accounts:fields.mobile')).fill(mobile);
      const code = await sendSmsCode(site, forgot, mobile);
      await field(forgot, text(language, 'accounts:fields.smsCode')).fill(code);
      await field(forgot, text(language, 'accounts:fields.newPassword')).fill(newPassword);
      await field(forgot, text(language, 'accounts:fields.confirmPassword')).fill(newPassword);
      await screenshot(site.page, `accounts-forgot-phone-${language}-desktop`);
      await forgot.getByRole('button', { name: text(language, 'accounts:forgot.submitMobile') }).click();
      await forgot.waitFor({ state: 'detached', timeout: 30_000 });
      await expectSignedIn(site, useDemo ? 'Demo Player' : mobile);
      expect(new URL(site.page.url()).pathname).toBe('/');
      if (useDemo) demoPlayerPassword = newPassword;
      else if (registered.byMobile) registered.byMobile.password = newPassword;
      await site.context.close();
    });

    it.skipIf(!canSolveCaptcha)('forces the change-password popup after a login with 123456', { timeout: 150_000 }, async () => {
      const site = await openSite(browser, language);
      const member = await register(site, 'username', `Before${randomInt(1000, 9999)}rules`);
      await expectSignedIn(site, member.nickname);
      await signOut(site);
      // An existing account whose password is exactly 123456 (the spec): registration refuses it now.
      await setPasswordFromBeforeTheRules(member.username, '123456');
      await logIn(site, member.username, '123456');
      const change = dialog(site, 'accounts:changePassword.title');
      await change.waitFor();
      // Forced: no close button, the username read-only, no old password (held from the login).
      expect(await change.getByRole('button', { name: text(language, 'common.close') }).count()).toBe(0);
      expect(await field(change, text(language, 'accounts:fields.username')).inputValue()).toBe(member.username);
      expect(await field(change, text(language, 'accounts:fields.oldPassword')).count()).toBe(0);
      await screenshot(site.page, `accounts-forced-change-${language}-desktop`);
      const newPassword = `Chg${randomInt(1000, 9999)}word`;
      await field(change, text(language, 'accounts:fields.newPassword')).fill(newPassword);
      await field(change, text(language, 'accounts:fields.confirmPassword')).fill(newPassword);
      await change.getByRole('button', { name: text(language, 'accounts:changePassword.submit'), exact: true }).click();
      await change.waitFor({ state: 'detached', timeout: 30_000 });
      await expectSignedIn(site, member.nickname);
      await signOut(site);
      await logIn(site, member.username, newPassword);
      await expectSignedIn(site, member.nickname);
      expect(await dialog(site, 'accounts:changePassword.title').count()).toBe(0);
      await site.context.close();
    });

    it('keeps a trial player out of the member centre and member-only actions', { timeout: 90_000 }, async () => {
      const site = await openSite(browser, language);
      await site.page
        .locator('header')
        .getByRole('button', { name: text(language, 'header.freeplay') })
        .click();
      await site.page.locator('header').getByText(text(language, 'header.trialTag'), { exact: true }).waitFor({ timeout: 20_000 });
      expect(await site.page.evaluate(() => sessionStorage.getItem('isTrial'))).toBe('true');
      const trueAccount = site.page.getByRole('dialog', { name: text(language, 'trial.title') });

      await site.page
        .locator('header')
        .getByRole('button', { name: text(language, 'header.deposit'), exact: true })
        .click();
      await trueAccount.waitFor();
      await screenshot(site.page, `accounts-trial-blocked-${language}-desktop`);
      await trueAccount.getByRole('button', { name: text(language, 'trial.later') }).click();
      await trueAccount.waitFor({ state: 'detached' });

      await site.page.goto(`${baseUrl}/member?page=securityCenter`);
      await trueAccount.waitFor();
      expect(new URL(site.page.url()).pathname).toBe('/');
      await site.context.close();
    });

    it('refuses a member on the agent login page and admits an agent', { timeout: 90_000 }, async () => {
      const site = await openSite(browser, language, { path: '/agent' });
      const { page } = site;
      expect(await page.locator('header').count()).toBe(0);
      expect(await page.getByLabel(text(language, 'accounts:login.remember')).count()).toBe(0);
      await field(page, text(language, 'accounts:fields.username')).fill(DEMO.player.username);
      await field(page, text(language, 'accounts:fields.password')).fill(demoPlayerPassword);
      await page.getByRole('button', { name: text(language, 'accounts:login.submitAgent') }).click();
      await page.getByText(SERVER_TEXT.AGENT_ONLY[language]).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      await screenshot(page, `accounts-agent-refused-${language}-desktop`);

      await field(page, text(language, 'accounts:fields.username')).fill(DEMO.agent.username);
      await field(page, text(language, 'accounts:fields.password')).fill(DEMO.agent.password);
      await page.getByRole('button', { name: text(language, 'accounts:login.submitAgent') }).click();
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/agentHome');
      expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('true');
      await site.context.close();
    });

    it('shows the security centre with its rows', { timeout: 120_000 }, async () => {
      const member = registered.byUsername;
      const site = await openSite(browser, language, { mobile: language === 'en' });
      const { page } = site;
      if (member) {
        await logIn(site, member.username, member.password);
      } else {
        await logIn(site, DEMO.player.username, demoPlayerPassword);
      }
      await page.goto(`${baseUrl}/member?page=securityCenter`);
      await page.getByText(text(language, 'accounts:security.levelTitle')).waitFor({ timeout: 20_000 });
      for (const key of ['loginPassword.title', 'paymentPassword.title', 'mobile.title', 'email.title', 'bank.title', 'profile.title']) {
        await page
          .getByRole('listitem')
          .filter({ hasText: text(language, `accounts:security.${key}`) })
          .first()
          .waitFor();
      }
      await screenshot(page, `accounts-security-centre-${language}-${language === 'en' ? 'mobile' : 'desktop'}`);

      if (member) {
        // Payment password, then a bank account whose binding warns that it cannot be undone.
        await page.getByRole('button', { name: text(language, 'accounts:security.set') }).click();
        const payment = dialog(site, 'accounts:security.paymentPassword.setTitle');
        await field(payment, text(language, 'accounts:fields.password')).fill(member.password);
        await field(payment, text(language, 'accounts:security.paymentPassword.new')).fill('246810');
        await field(payment, text(language, 'accounts:security.paymentPassword.confirm')).fill('246810');
        await payment.getByRole('button', { name: text(language, 'accounts:security.paymentPassword.submitSet') }).click();
        await payment.waitFor({ state: 'detached' });

        await page.getByRole('button', { name: text(language, 'accounts:security.manage') }).click();
        const bank = dialog(site, 'accounts:security.bank.title');
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.addNew') }).click();
        await field(bank, text(language, 'accounts:security.bank.accountName')).fill('Rahim Uddin');
        await field(bank, text(language, 'accounts:security.bank.bankName')).fill('Dutch-Bangla Bank');
        await field(bank, text(language, 'accounts:security.bank.accountNumber')).fill(`1234${randomInt(100_000, 999_999)}`);
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.add') }).click();
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.bind') }).click();
        await bank.getByRole('note').waitFor();
        expect((await bank.getByRole('note').textContent()) ?? '').toMatch(
          templatePattern(language, 'accounts:security.bank.confirmWarning'),
        );
        await screenshot(page, `accounts-bank-bind-warning-${language}-${language === 'en' ? 'mobile' : 'desktop'}`);
        await field(bank, text(language, 'accounts:fields.paymentPassword')).fill('246810');
        await bank.getByRole('button', { name: text(language, 'accounts:security.bank.confirmBind') }).click();
        await bank.getByText(text(language, 'accounts:security.bank.boundTag'), { exact: true }).waitFor();
      }
      await site.context.close();
    });
  });
});

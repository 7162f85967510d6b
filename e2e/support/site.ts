import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

type Messages = Record<string, unknown>;

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

// Parts of the default namespace that lazy screens merge in (apps/web/src/lib/i18n.ts PART_LOADERS).
const TRANSLATION_PARTS = ['', 'house-games/', 'agent-centre/', 'member-centre/'];

/** The site's own translations, so specs assert what a person of that language reads. */
export function messages(language: 'bn' | 'en' | 'sw'): (key: string) => string {
  const trees = TRANSLATION_PARTS.map(
    (folder) => JSON.parse(readFileSync(path.join(localesDir, `${folder}${language}.json`), 'utf8')) as Messages,
  );
  return (key) => {
    for (const tree of trees) {
      let node: unknown = tree;
      for (const part of key.split('.')) node = (node as Messages | undefined)?.[part];
      if (typeof node === 'string') return node;
    }
    throw new Error(`no message ${key} in ${language}`);
  };
}

/** Calls the operator API the way a back-office user would. */
export async function operatorCall(baseUrl: string, token: string, method: string, url: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} -> ${response.status}: ${await response.text()}`);
}

/** Visible text of the page without the language picker (whose options name every language). */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const clone = document.body.cloneNode(true) as HTMLElement;
    for (const element of clone.querySelectorAll('select, script, style, [aria-hidden="true"]')) element.remove();
    return clone.textContent ?? '';
  });
}

export const BENGALI = /[\u0980-\u09FF]/;

/**
 * The public announcement popup greets every new session (audience B for visitors, A for
 * members). Specs about something else close it the way a person would, in any language.
 * Only when the site decided to show it (decidedGreetings): no waiting for one that is not coming.
 */
export async function dismissAnnouncementPopup(page: Page, timeoutMs = 15_000): Promise<void> {
  if ((await decidedGreetings(page, timeoutMs))?.showing !== 'announcement') return;
  const titles = (['bn', 'en', 'sw'] as const).map((language) => messages(language)('home.popup.title'));
  const popup = page
    .getByRole('dialog')
    .filter({ hasText: new RegExp(titles.map((title) => title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) });
  // Its turn has come; it also waits for the page to settle and for its code.
  await popup.first().waitFor({ timeout: 15_000 });
  const closeNames = (['bn', 'en', 'sw'] as const).map((language) => messages(language)('common.close'));
  await popup
    .first()
    .getByRole('button', { name: new RegExp(`^(${closeNames.join('|')})$`) })
    .first()
    .click();
  await popup.first().waitFor({ state: 'detached' });
}

function anyOf(texts: string[]): RegExp {
  return new RegExp(`^(${texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
}

/**
 * The site's greeting popups once it has decided them: the greeting queue on
 * <html data-greeting-popups> (apps/web/src/stores/popup-queue-store.ts) with the home page's
 * announcement (on a home path) and a member's contract offer (in the site's frame) reported and
 * none of them still deciding, e.g. { announcement: 'none', contractOffer: 'ready', showing:
 * 'contractOffer' } (showing: the greeting whose turn it is, 'none' when there is none). Null
 * when the page has not decided within `timeoutMs` (a page without the site's frame).
 */
export async function decidedGreetings(page: Page, timeoutMs = 15_000): Promise<Record<string, string> | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0 || page.isClosed()) return null;
    try {
      const handle = await page.waitForFunction(
        () => {
          const queue = document.documentElement.dataset.greetingPopups;
          if (queue === undefined) return false;
          const states: Record<string, string> = Object.fromEntries(queue.split(' ').map((entry) => entry.split(':')));
          const isMember = Boolean(sessionStorage.getItem('token')) && sessionStorage.getItem('isTrial') !== 'true';
          const isHome = ['/', '/index', '/index.html', '/home'].includes(location.pathname);
          if (isHome && !('announcement' in states)) return false;
          if (isMember && document.querySelector('[data-side-menu]') && !('contractOffer' in states)) return false;
          if (Object.values(states).includes('deciding')) return false;
          return states;
        },
        undefined,
        { timeout: left, polling: 100 },
      );
      return (await handle.jsonValue()) as Record<string, string>;
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return null;
      // A navigation meanwhile (its context destroyed): ask the new page.
    }
  }
}

/**
 * After a login the site may greet the member with the logged-in announcement popup and with
 * a pending contract offer (another spec's agent may have offered one). A person closes the
 * first and answers "Later" to the second; specs about something else do the same.
 * It waits until the site has decided them (decidedGreetings) instead of for a fixed time,
 * closes the one whose turn it is, and looks again; a page that never decides is left after
 * `timeoutMs`, as the fixed wait did.
 */
export async function dismissMemberPopups(page: Page, timeoutMs = 15_000): Promise<void> {
  const languages = ['bn', 'en', 'sw'] as const;
  const announcement = page.getByRole('dialog', { name: anyOf(languages.map((language) => messages(language)('home.popup.title'))) });
  const offer = page.getByRole('dialog', { name: anyOf(languages.map((language) => messages(language)('contractPopup.title'))) });
  const close = anyOf(languages.map((language) => messages(language)('common.close')));
  const later = anyOf(languages.map((language) => messages(language)('contractPopup.later')));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const showing = (await decidedGreetings(page, deadline - Date.now()))?.showing;
    if (showing !== 'announcement' && showing !== 'contractOffer') return;
    // Its turn has come; the announcement also waits for the page to settle and for its code.
    const [popup, button] = showing === 'contractOffer' ? [offer, later] : [announcement, close];
    await popup.first().waitFor({ timeout: 15_000 });
    await popup.first().getByRole('button', { name: button }).first().click();
    await popup.first().waitFor({ state: 'detached' });
  }
}

/** The public announcement popup greets visitors once a session; closes it (in English) to reach the page. */
export async function closeAnnouncementPopup(page: Page): Promise<void> {
  const en = messages('en');
  const popup = page.getByRole('dialog', { name: en('home.popup.title') });
  await popup.waitFor({ timeout: 10_000 });
  await popup.getByRole('button', { name: en('common.close') }).click();
  await popup.waitFor({ state: 'detached' });
}

/** Funds the signed-in member: a deposit on a manual channel, approved through the operator API. */
export async function fundMember(page: Page, site: { baseUrl: string; operatorToken: string }, amount: string): Promise<void> {
  const depositId = await page.evaluate(async (value) => {
    const headers = { authorization: `Bearer ${sessionStorage.getItem('token')}`, 'content-type': 'application/json' };
    const channels = await (await fetch('/wps/v2/cashier/deposit/channels', { headers })).json();
    const channel = channels.value.find((item: { kind: string }) => item.kind !== 'gateway') ?? channels.value[0];
    const body = { channelId: channel.id, amount: value, reference: `E2E${Date.now()}`, idempotencyKey: `e2e-${crypto.randomUUID()}` };
    const created = await (await fetch('/wps/v2/cashier/deposits', { method: 'POST', headers, body: JSON.stringify(body) })).json();
    if (!created.success) throw new Error(`deposit refused: ${created.code} ${created.message}`);
    return created.value.id as number;
  }, amount);
  await operatorCall(site.baseUrl, site.operatorToken, 'POST', `/admin-api/cashier/deposits/${depositId}/approve`, {
    note: 'e2e funding',
  });
}

/** The header balance to the cent as the pill shows it ("৳1,234.50" -> "1234.50"); "" while hidden or loading. */
export async function headerBalanceText(page: Page): Promise<string> {
  const text = (await page.locator('header [aria-live="polite"]').first().textContent()) ?? '';
  return text.match(/[\d,]+\.\d{2}/)?.[0].replace(/,/g, '') ?? '';
}

/** The header balance as a number (NaN while hidden or loading). */
export async function headerBalance(page: Page): Promise<number> {
  const text = await headerBalanceText(page);
  return text ? Number(text) : Number.NaN;
}

/** Logs an operator in at /admin/ the way a person does. */
export async function logInOperator(page: Page, baseUrl: string, operator: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByRole('heading', { name: 'Operator login' }).waitFor();
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('operator-name').waitFor();
}

/** Starts free play from the header's button (English pages) and waits until the session is a trial one. */
export async function startFreePlay(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: messages('en')('header.freeplay') })
    .first()
    .click();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('isTrial')), { timeout: 15_000 }).toBe('true');
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

type Messages = Record<string, unknown>;

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/** The site's own translations, so specs assert what a person of that language reads. */
export function messages(language: 'bn' | 'en' | 'sw'): (key: string) => string {
  const tree = JSON.parse(readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as Messages;
  return (key) => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = (node as Messages)[part];
    if (typeof node !== 'string') throw new Error(`no message ${key} in ${language}`);
    return node;
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
 */
export async function dismissAnnouncementPopup(page: Page, timeoutMs = 8000): Promise<void> {
  const titles = (['bn', 'en', 'sw'] as const).map((language) => messages(language)('home.popup.title'));
  const popup = page
    .getByRole('dialog')
    .filter({ hasText: new RegExp(titles.map((title) => title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) });
  try {
    await popup.first().waitFor({ timeout: timeoutMs });
  } catch {
    return;
  }
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
 * After a login the site may greet the member with the logged-in announcement popup and with
 * a pending contract offer (another spec's agent may have offered one). A person closes the
 * first and answers "Later" to the second; specs about something else do the same.
 */
export async function dismissMemberPopups(page: Page, settleMs = 2500): Promise<void> {
  const languages = ['bn', 'en', 'sw'] as const;
  const announcement = page.getByRole('dialog', { name: anyOf(languages.map((language) => messages(language)('home.popup.title'))) });
  const offer = page.getByRole('dialog', { name: anyOf(languages.map((language) => messages(language)('contractPopup.title'))) });
  const close = anyOf(languages.map((language) => messages(language)('common.close')));
  const later = anyOf(languages.map((language) => messages(language)('contractPopup.later')));
  const deadline = Date.now() + settleMs;
  while (Date.now() < deadline) {
    if (await offer.count()) {
      await offer.first().getByRole('button', { name: later }).first().click();
      await offer.first().waitFor({ state: 'detached' });
      continue;
    }
    if (await announcement.count()) {
      await announcement.first().getByRole('button', { name: close }).first().click();
      await announcement.first().waitFor({ state: 'detached' });
      continue;
    }
    await page.waitForTimeout(250);
  }
}

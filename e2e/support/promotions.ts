import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pageCall } from './member-login';

type Messages = Record<string, unknown>;

/** The promotions namespace of the site's translations (a lazily loaded namespace of its own). */
export function promotionMessages(language: 'bn' | 'en' | 'sw'): (key: string, values?: Record<string, string | number>) => string {
  const file = path.resolve(import.meta.dirname, `../../apps/web/src/locales/promotions/${language}.json`);
  const tree = JSON.parse(readFileSync(file, 'utf8')) as Messages;
  return (key, values = {}) => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = (node as Messages)[part];
    if (typeof node !== 'string') throw new Error(`no message ${key} in promotions/${language}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

interface OperatorPromotion {
  id: number;
  kind: string;
  status: string;
  title: { EN: string };
  config: Record<string, unknown>;
}

/** The operator API with the bootstrap token: the test's own promotions, made and published as an operator would. */
export function promotionsAdmin(baseUrl: string, token: string) {
  async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { success: boolean; code: string; message: string; value: T };
    if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${envelope.code} ${envelope.message}`);
    return envelope.value;
  }
  return {
    call,
    async list(): Promise<OperatorPromotion[]> {
      return (await call<{ list: OperatorPromotion[] }>('GET', '/admin-api/promotions')).list;
    },
    /** Creates a draft and publishes it; answers its id. */
    async createLive(body: Record<string, unknown>): Promise<number> {
      const created = await call<OperatorPromotion>('POST', '/admin-api/promotions', body);
      await call('POST', `/admin-api/promotions/${created.id}/publish`, {});
      return created.id;
    },
    async setStatus(id: number, action: 'publish' | 'pause' | 'end'): Promise<void> {
      await call('POST', `/admin-api/promotions/${id}/${action}`, {});
    },
  };
}

/** The copy of a test promotion in the three languages. */
export function copyOf(name: string): { title: Record<'BN' | 'EN' | 'SW', string>; body: Record<'BN' | 'EN' | 'SW', string> } {
  return {
    title: { BN: `${name} (বাংলা)`, EN: name, SW: `${name} (Kiswahili)` },
    body: {
      BN: `<p>${name}: নিয়ম অনুযায়ী বোনাস।</p>`,
      EN: `<p>${name}: the bonus as the rules say.</p>`,
      SW: `<p>${name}: bonasi kwa masharti.</p>`,
    },
  };
}

interface SlotTitle {
  titleId: string;
  betLevels: string[];
}

/**
 * Spins the house slot from the signed-in page until the member's turnover requirements are met:
 * at most `maxSpins` spins (bounded), each at the largest bet level the balance allows.
 * Answers the spins made.
 *
 * Bonus details are applied from settled-round facts a moment after each spin, so the turnover it
 * shows can lag. The loop therefore never stakes more than the turnover left when it started (plus
 * one level): betting on a stale figure had let a losing streak take the balance under the
 * withdrawal the journey makes next (CI, stop 33). Once that much is staked it waits for the
 * figure to catch up before betting again.
 */
export async function playUntilTurnoverMet(page: Page, baseUrl: string, maxSpins: number): Promise<number> {
  const titles = ((await (await fetch(`${baseUrl}/bgs/api/slots/titles`)).json()) as { value: { titles: SlotTitle[] } }).value.titles;
  const title = titles[0];
  if (!title) throw new Error('no slot title');
  const levels = [...title.betLevels].sort((a, b) => Number(b) - Number(a));
  const totalLeft = async () => (await pageCall<{ totalLeft: string }>(page, 'GET', '/wps/promotions/bonus-details')).value.totalLeft;
  const startLeft = Number(await totalLeft());
  let staked = 0;
  for (let spin = 0; spin < maxSpins; spin++) {
    let left = await totalLeft();
    // Everything the requirement asked for is staked: give the facts a bounded moment to count it.
    for (let wait = 0; wait < 20 && left !== '0.00' && staked >= startLeft; wait++) {
      await page.waitForTimeout(250);
      left = await totalLeft();
    }
    if (left === '0.00') return spin;
    const balance = await pageCall<{ balance: string }>(page, 'GET', '/wps/v2/wallets/balance');
    const leftNow = Math.min(Number(left), Math.max(startLeft - staked, 0));
    // The largest level under half the balance and the turnover left keeps the member playing.
    const level =
      levels.find((value) => Number(value) * 2 <= Number(balance.value.balance) && Number(value) <= leftNow + 1) ??
      levels[levels.length - 1] ??
      '1.00';
    const answer = await pageCall(page, 'POST', '/bgs/api/slots/spin', {
      titleId: title.titleId,
      betLevel: level,
      idempotencyKey: `e2e-promo-${Date.now()}-${spin}`,
    });
    if (answer.status !== 200) throw new Error(`spin refused: ${answer.status} ${answer.code}`);
    staked += Number(level);
  }
  return maxSpins;
}

/** The friend bets at least `validBet` on the house slot (bounded: 40 spins). */
export async function playFriend(page: Page, baseUrl: string, validBet: string): Promise<number> {
  const titles = (
    (await (await fetch(`${baseUrl}/bgs/api/slots/titles`)).json()) as { value: { titles: { titleId: string; betLevels: string[] }[] } }
  ).value.titles;
  const title = titles[0];
  if (!title) throw new Error('no slot title');
  const level =
    [...title.betLevels].sort((a, b) => Number(b) - Number(a)).find((value) => Number(value) <= 10) ?? title.betLevels[0] ?? '1.00';
  let total = 0;
  for (let spin = 0; spin < 40 && total < Number(validBet); spin++) {
    const answer = await pageCall(page, 'POST', '/bgs/api/slots/spin', {
      titleId: title.titleId,
      betLevel: level,
      idempotencyKey: `e2e-friend-${Date.now()}-${spin}`,
    });
    if (answer.status !== 200) throw new Error(`spin refused: ${answer.status} ${answer.code}`);
    total += Number(level);
  }
  return Math.round(total / Number(level));
}

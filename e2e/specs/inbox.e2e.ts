import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { newContext, screenshot, useBrowser } from '../support/browser';
import { bengaliMemberPage, inboxBadge, pageCall } from '../support/member-login';
import { fundMember, messages } from '../support/site';

/**
 * The member inbox (messageV2) in a real browser, in Bengali: the demo player's deposit is
 * approved through the operator API while the inbox is open; the message arrives live at the top
 * with the badge; opening it reads it and the badge drops at once. At 1440 px and at 390 px.
 */

const baseUrl = inject('baseUrl');
const operatorToken = inject('operatorToken');
const bn = messages('bn');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };

describe('the member inbox (messageV2)', () => {
  const browser = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('a deposit approved by the operator arrives live with the badge; reading it drops the badge (BN)', async () => {
    const context = await newContext(browser(), { language: 'bn-BD' });
    contexts.push(context);
    const page = await bengaliMemberPage(context, baseUrl, PLAYER);
    const cleared = await pageCall(page, 'POST', '/wps/v2/notifications/read', {});
    expect(cleared.status).toBe(200);
    await page.goto(`${baseUrl}/member?page=messageV2`);
    await page.getByTestId('inbox-unread').getByText(bn('inbox.unread_other').replace('{{count}}', '0')).waitFor();
    expect(await inboxBadge(page)).toBe('');

    await fundMember(page, { baseUrl, operatorToken }, '300');
    const title = bn('wallet.notifications.deposit_credited').replace('{{amount}}', '300.00');
    // The new message, unread (an older read one may carry the same title: the demo player is funded by other specs too).
    const unreadRows = page.locator('[data-testid="inbox-row"][data-unread="true"]');
    const first = unreadRows.filter({ hasText: title }).first();
    await first.waitFor({ timeout: 15_000 });
    expect(await unreadRows.count()).toBe(1);
    await expect.poll(() => inboxBadge(page), { timeout: 10_000 }).toBe('1');
    await screenshot(page, 'inbox-unread-bn-desktop');

    await first.getByRole('button').first().click();
    const detail = page.getByTestId('inbox-detail');
    await detail.getByText(title).waitFor();
    await expect.poll(() => inboxBadge(page), { timeout: 5_000 }).toBe('');
    await screenshot(page, 'inbox-detail-bn-desktop');
    await detail.getByRole('button', { name: bn('inbox.close') }).click();
    await expect.poll(() => unreadRows.count(), { timeout: 5_000 }).toBe(0);
    const inbox = await pageCall<{ unread: number; items: { isRead: boolean }[] }>(page, 'GET', '/wps/v2/notifications', undefined);
    expect(inbox.value.unread).toBe(0);
    expect(inbox.value.items[0]?.isRead).toBe(true);
  });

  it('fits a 390 px phone: no sideways scroll, rows and actions on screen', async () => {
    const context = await newContext(browser(), { mobile: true, language: 'bn-BD' });
    contexts.push(context);
    const page = await bengaliMemberPage(context, baseUrl, PLAYER);
    await page.goto(`${baseUrl}/member?page=messageV2`);
    await page.getByTestId('inbox-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('inbox').scrollIntoViewIfNeeded();
    await screenshot(page, 'inbox-bn-mobile');
  });
});

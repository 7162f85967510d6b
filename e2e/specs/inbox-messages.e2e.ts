import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { animationsDone, newContext, screenshot, useBrowser } from '../support/browser';
import { bengaliMemberPage, inboxBadge, pageCall } from '../support/member-login';
import { canSolveCaptcha, solveCaptcha } from '../support/registration';
import { logInOperator, messages } from '../support/site';

/**
 * Issue 18 in real browsers: a support operator sends a BN/EN/SW message to an agent's team at
 * /admin/ (the preview shows the sanitised HTML); the team's player sees it arrive live in the
 * inbox with the badge, reads it (in BN) and the badge drops; the same message reads in EN and SW.
 * Then the player sends feedback, the operator answers it on the Feedback page, and the answer
 * arrives in the player's inbox. Screens at 1440 px and 390 px.
 */

const baseUrl = inject('baseUrl');
const bn = messages('bn');
const PLAYER = { username: 'demoplayer', password: 'Demo@2025' };
const SUPPORT = { username: 'demosupport', password: 'Demo@2025' };

/** The inbox as a member reading in `language` sees it (the site sends its language as a header). */
function inboxIn(page: Page, language: string) {
  return page.evaluate(async (lang) => {
    const response = await fetch('/wps/v2/notifications', {
      headers: { Authorization: `Bearer ${sessionStorage.getItem('token') ?? ''}`, Language: lang },
    });
    return ((await response.json()) as { value: { items: { kind: string; title: string | null; html: string | null }[] } }).value;
  }, language);
}

describe('operator messages and feedback answers (issue 18)', () => {
  const browser = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });
  const stamp = Date.now().toString(36);

  it('a message to an agent team in BN/EN/SW arrives live; reading it drops the badge', async () => {
    const memberContext = await newContext(browser(), { language: 'bn-BD' });
    contexts.push(memberContext);
    const member = await bengaliMemberPage(memberContext, baseUrl, PLAYER);
    expect((await pageCall(member, 'POST', '/wps/v2/notifications/read', {})).status).toBe(200);
    await member.goto(`${baseUrl}/member?page=messageV2`);
    await member.getByTestId('inbox').waitFor();
    await expect.poll(() => inboxBadge(member), { timeout: 10_000 }).toBe('');

    const adminContext = await newContext(browser(), { language: 'en-GB' });
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await logInOperator(admin, baseUrl, SUPPORT);
    await admin.goto(`${baseUrl}/admin/#/messages`);
    const composer = admin.getByTestId('message-composer');
    await composer.waitFor();
    await composer.getByLabel('Send to').selectOption('AGENT_TEAM');
    await composer.getByLabel('Agent username').fill('demoagent');
    const titles = { BN: `সাপ্তাহিক অফার ${stamp}`, EN: `Weekly offer ${stamp}`, SW: `Ofa ya wiki ${stamp}` };
    const bodies = {
      BN: '<p>আজ <b>দ্বিগুণ</b> পয়েন্ট!</p><script>alert(1)</script>',
      EN: '<p>Double <b>points</b> today!</p><img src="x" onerror="alert(1)">',
      SW: '<p>Pointi <b>mara mbili</b> leo!</p>',
    };
    for (const language of ['BN', 'EN', 'SW'] as const) {
      await composer.getByRole('tab', { name: new RegExp(`\\(${language}\\)`) }).click();
      await composer.locator(`input[name="title-${language}"]`).fill(titles[language]);
      await composer.locator(`textarea[name="html-${language}"]`).fill(bodies[language]);
    }
    const preview = admin.getByTestId('message-preview');
    await preview.locator('[data-language="EN"] b').getByText('points').waitFor();
    await expect.poll(() => preview.innerHTML()).not.toMatch(/script|onerror/);
    await screenshot(admin, 'admin-messages-composer-desktop');
    await composer.getByRole('button', { name: 'Send message' }).click();
    const row = admin.getByTestId('campaign-row').filter({ hasText: titles.BN });
    await expect.poll(async () => row.getByTestId('campaign-status').textContent(), { timeout: 20_000 }).toBe('sent');
    expect(Number(await row.getByTestId('campaign-delivered').textContent())).toBeGreaterThanOrEqual(1);
    await screenshot(admin, 'admin-messages-list-desktop');
    await admin.setViewportSize({ width: 390, height: 844 });
    await composer.scrollIntoViewIfNeeded();
    await screenshot(admin, 'admin-messages-mobile');

    const first = member.getByTestId('inbox-row').filter({ hasText: titles.BN });
    await first.waitFor({ timeout: 15_000 });
    expect(await first.getAttribute('data-unread')).toBe('true');
    await expect.poll(() => inboxBadge(member), { timeout: 10_000 }).toBe('1');
    await first.getByRole('button').first().click();
    const html = member.getByTestId('inbox-html');
    await html.locator('b').getByText('দ্বিগুণ').waitFor();
    expect(await html.innerHTML()).not.toMatch(/script/);
    await expect.poll(() => inboxBadge(member), { timeout: 5_000 }).toBe('');
    // The dialog has finished opening (its fade) before the picture.
    await animationsDone(member);
    await screenshot(member, 'inbox-operator-message-bn-desktop');
    for (const [language, title] of [
      ['EN', titles.EN],
      ['SW', titles.SW],
    ] as const) {
      const seen = (await inboxIn(member, language)).items.find((item) => item.kind === 'operator_message' && item.title === title);
      expect(seen?.html ?? '').not.toMatch(/script|onerror/);
    }
  });

  it.skipIf(!canSolveCaptcha)('feedback sent by the member is answered at /admin/ and the answer arrives in the inbox', async () => {
    const memberContext = await newContext(browser(), { language: 'bn-BD' });
    contexts.push(memberContext);
    const member = await bengaliMemberPage(memberContext, baseUrl, PLAYER);
    // The answer is read on a 390 px phone.
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto(`${baseUrl}/member?page=messageV2`);
    await member.getByTestId('inbox').waitFor();
    const captchaId = await member.evaluate(async () => (await fetch('/wps/captcha')).headers.get('x-captcha-id') ?? '');
    const content = `Deposit not credited ${stamp}`;
    const sent = await pageCall(member, 'PUT', '/wps/feedback', { content, type: 1, captcha: await solveCaptcha(captchaId), captchaId });
    expect(sent.status).toBe(200);

    const adminContext = await newContext(browser(), { language: 'en-GB' });
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await logInOperator(admin, baseUrl, SUPPORT);
    await admin.goto(`${baseUrl}/admin/#/feedback`);
    await admin.getByTestId('feedback-page').waitFor();
    await admin.getByLabel('Question type').selectOption('1');
    await admin.getByRole('button', { name: 'Show' }).click();
    const row = admin.getByTestId('feedback-row').filter({ hasText: content });
    await row.waitFor();
    await row.getByRole('button', { name: 'Answer' }).click();
    const reply = `Credited now, sorry for the wait (${stamp}).`;
    await row.locator('textarea[name="reply"]').fill(reply);
    await screenshot(admin, 'admin-feedback-desktop');
    await row.getByRole('button', { name: 'Send answer' }).click();
    await admin.getByTestId('feedback').getByText("Answer sent to the member's inbox.").waitFor();

    const answered = member
      .getByTestId('inbox-row')
      .filter({ hasText: bn('wallet.notifications.feedback_answered') })
      .first();
    await answered.waitFor({ timeout: 15_000 });
    await answered.getByRole('button').first().click();
    await member.getByTestId('inbox-answer').getByText(reply).waitFor();
    await animationsDone(member);
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(member, 'inbox-feedback-answer-bn-mobile');
  });
});

import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { CUSTOMER_SERVICE_PATHS, launchChatResponse, modelListResponse, unreadCountResponse } from '@kismat/contracts/customer-service';
import { errorEnvelope } from '@kismat/contracts/envelope';
import { MEMBER_PATHS, memberInfoResponse } from '@kismat/contracts/member';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchantResources } from '../../db/schema/system';
import type { TestApp } from '../../test/build-test-app';
import { updateMerchant } from '../../test/factories';
import { createFundedMember, defaultMerchant, useDefaultSite } from '../../test/vendor-test-kit';
import { sendInboxMessage } from '../inbox/index';

describe('customer-service relays: CSP_unreadCount, CBS_modelList and CBS_launchChat', () => {
  let t: TestApp;
  let host: string;
  useDefaultSite((site) => {
    ({ t, host } = site);
  });

  it("counts the member's own unread inbox messages; reading them clears the count", async () => {
    expect((await t.app.inject({ url: CUSTOMER_SERVICE_PATHS.unreadCount, headers: { host } })).statusCode).toBe(401);
    const alice = await createFundedMember(t.app, 0n);
    const bob = await createFundedMember(t.app, 0n);
    const countOf = async (member: typeof alice) =>
      unreadCountResponse.parse((await member.client.call('GET', CUSTOMER_SERVICE_PATHS.unreadCount, { token: member.token })).json()).value
        .count;
    const unreadInInfo = async (member: typeof alice) =>
      memberInfoResponse.parse((await member.client.call('GET', MEMBER_PATHS.info, { token: member.token })).json()).value.unreadMessage;
    expect(await countOf(alice)).toBe(0);
    expect(await unreadInInfo(alice)).toBe(0);
    const notify = (memberId: number, referenceId: number) =>
      sendInboxMessage(t.app.db, {
        merchantId: alice.merchant.id,
        memberId,
        kind: 'deposit_credited',
        amount: 10_00n,
        referenceId,
        now: new Date(),
      });
    await notify(alice.member.id, 1);
    await notify(alice.member.id, 2);
    await notify(bob.member.id, 3);
    expect(await countOf(alice)).toBe(2);
    expect(await countOf(bob)).toBe(1);
    // Member info's unreadMessage is the same figure.
    expect(await unreadInInfo(alice)).toBe(2);
    expect(await unreadInInfo(bob)).toBe(1);
    const read = await alice.client.call('POST', CASHIER_PATHS.notificationsRead, { token: alice.token, body: {} });
    expect(read.statusCode, read.body).toBe(200);
    expect(await countOf(alice)).toBe(0);
    expect(await countOf(bob)).toBe(1);
    expect(await unreadInInfo(alice)).toBe(0);
    expect(await unreadInInfo(bob)).toBe(1);
  });

  it('lists the live-chat desks when chat is on, none when the module or the switch is off', async () => {
    const { merchant } = await defaultMerchant(t.app);
    const models = async (language = 'EN') =>
      modelListResponse.parse((await t.app.inject({ url: CUSTOMER_SERVICE_PATHS.modelList, headers: { host, language } })).json()).value;
    const on = await models();
    expect(on.isEnabled).toBe(true);
    expect(on.list.map((model) => model.modelId)).toEqual(['livechat']);
    expect(on.list[0]?.name).toBe('Live chat 24/7');
    expect(Buffer.from(on.list[0]?.path ?? '', 'base64').toString('utf8')).toBe('/wps/relay/CBS_launchChat');
    expect((await models('BN')).list[0]?.name).toBe('লাইভ চ্যাট 24/7');

    const liveChatSwitch = and(eq(merchantResources.merchantId, merchant.id), eq(merchantResources.key, 'liveChatEnabled'));
    await t.app.db.update(merchantResources).set({ value: '0' }).where(liveChatSwitch);
    try {
      expect(await models()).toEqual({ isEnabled: false, list: [] });
    } finally {
      await t.app.db.update(merchantResources).set({ value: '1' }).where(liveChatSwitch);
    }
    await updateMerchant(t.app, merchant.id, { flags: { LIVECHAT: false } });
    try {
      expect(await models()).toEqual({ isEnabled: false, list: [] });
    } finally {
      await updateMerchant(t.app, merchant.id, { flags: { LIVECHAT: true } });
    }
    expect((await models()).isEnabled).toBe(true);
  });

  it('launches the live chat without login: our chat room until an external desk URL is configured, then that desk', async () => {
    const { merchant } = await defaultMerchant(t.app);
    const launch = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: `${CUSTOMER_SERVICE_PATHS.launchChat}${query}`, headers: { host, accept: 'application/json', ...headers } });

    // No desk URL configured: the site's own chat room (no token sent anywhere here).
    const room = await launch('', { language: 'EN' });
    expect(room.statusCode, room.body).toBe(200);
    expect(launchChatResponse.parse(room.json()).value).toEqual({
      modelId: 'livechat',
      name: 'Live chat 24/7',
      url: '/chat?modelId=livechat',
      isDemo: false,
    });
    // The browser opens the seeded link in a new tab: redirected to the chat room page.
    const page = await launch('', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', cookie: 'lang=BN' });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/chat?modelId=livechat');

    // An unknown desk: live chat is off, in the user's language (JSON and page).
    const unknown = await launch('?modelId=nope', { language: 'SW' });
    expect(unknown.statusCode).toBe(404);
    const unknownError = errorEnvelope.parse(unknown.json());
    expect(unknownError.code).toBe('LIVE_CHAT_OFF');
    expect(unknownError.message).toBe('Gumzo la moja kwa moja limezimwa, tafadhali wasiliana na huduma kwa wateja kwa njia nyingine');

    // A configured desk URL: the chosen desk opens there (redirect for a navigation).
    const deskUrlKey = and(eq(merchantResources.merchantId, merchant.id), eq(merchantResources.key, 'liveChatDeskUrl'));
    await t.app.db
      .insert(merchantResources)
      .values({ merchantId: merchant.id, key: 'liveChatDeskUrl', value: 'https://chat.example/desk?site=kismat' });
    try {
      const real = launchChatResponse.parse((await launch('?modelId=livechat', { language: 'BN' })).json()).value;
      expect(real).toEqual({
        modelId: 'livechat',
        name: 'লাইভ চ্যাট 24/7',
        url: 'https://chat.example/desk?site=kismat&desk=livechat&lang=bn',
        isDemo: false,
      });
      const redirect = await launch('', { accept: 'text/html', cookie: 'lang=EN' });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('https://chat.example/desk?site=kismat&desk=livechat&lang=en');
      // A tampered setting never becomes a script link: our chat room again.
      await t.app.db.update(merchantResources).set({ value: 'javascript:alert(1)' }).where(deskUrlKey);
      expect(launchChatResponse.parse((await launch('')).json()).value.url).toBe('/chat?modelId=livechat');
    } finally {
      await t.app.db.delete(merchantResources).where(deskUrlKey);
    }

    // Chat switched off: LIVE_CHAT_OFF for the API, a localised "live chat is off" page for the browser.
    const liveChatSwitch = and(eq(merchantResources.merchantId, merchant.id), eq(merchantResources.key, 'liveChatEnabled'));
    await t.app.db.update(merchantResources).set({ value: '0' }).where(liveChatSwitch);
    try {
      const off = await launch('', { language: 'EN' });
      expect(off.statusCode).toBe(404);
      expect(errorEnvelope.parse(off.json())).toMatchObject({
        code: 'LIVE_CHAT_OFF',
        message: 'Live chat is off, please contact customer service another way',
      });
      const offPage = await launch('', { accept: 'text/html', cookie: 'lang=BN' });
      expect(offPage.statusCode).toBe(404);
      expect(offPage.headers['content-type']).toContain('text/html');
      expect(offPage.body).toContain('লাইভ চ্যাট এখন বন্ধ আছে');
    } finally {
      await t.app.db.update(merchantResources).set({ value: '1' }).where(liveChatSwitch);
    }
    await updateMerchant(t.app, merchant.id, { flags: { LIVECHAT: false } });
    try {
      expect((await launch('')).json()).toMatchObject({ code: 'LIVE_CHAT_OFF' });
    } finally {
      await updateMerchant(t.app, merchant.id, { flags: { LIVECHAT: true } });
    }
    expect((await launch('')).statusCode).toBe(200);
  });
});

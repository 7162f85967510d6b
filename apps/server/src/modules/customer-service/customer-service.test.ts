import { CASHIER_PATHS } from '@kismat/contracts/cashier';
import { CUSTOMER_SERVICE_PATHS, modelListResponse, unreadCountResponse } from '@kismat/contracts/customer-service';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantResources } from '../../db/schema/system';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { updateMerchant } from '../../test/factories';
import { recordNotification } from '../cashier/notify-member';
import { createFundedMember, defaultMerchant } from '../vendor-wallet/vendor-test-kit';

describe('customer-service relays: CSP_unreadCount and CBS_modelList', () => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await buildTestApp();
    host = (await defaultMerchant(t.app)).host;
  }, 60_000);
  afterAll(async () => t.close());

  it("counts the member's own unread inbox messages; reading them clears the count", async () => {
    expect((await t.app.inject({ url: CUSTOMER_SERVICE_PATHS.unreadCount, headers: { host } })).statusCode).toBe(401);
    const alice = await createFundedMember(t.app, 0n);
    const bob = await createFundedMember(t.app, 0n);
    const countOf = async (member: typeof alice) =>
      unreadCountResponse.parse((await member.client.call('GET', CUSTOMER_SERVICE_PATHS.unreadCount, { token: member.token })).json()).value
        .count;
    expect(await countOf(alice)).toBe(0);
    const notify = (memberId: number, referenceId: number) =>
      recordNotification(t.app.db, {
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
    const read = await alice.client.call('POST', CASHIER_PATHS.notificationsRead, { token: alice.token, body: {} });
    expect(read.statusCode, read.body).toBe(200);
    expect(await countOf(alice)).toBe(0);
    expect(await countOf(bob)).toBe(1);
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
    expect((await models('BN')).list[0]?.name).toBe('লাইভ চ্যাট ২৪/৭');

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
});

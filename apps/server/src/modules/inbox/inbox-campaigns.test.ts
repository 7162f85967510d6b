import { CASHIER_PATHS, notificationsResponse, openNotificationResponse } from '@kismat/contracts/cashier';
import { CUSTOMER_SERVICE_PATHS, unreadCountResponse } from '@kismat/contracts/customer-service';
import { campaignResponse, campaignsResponse, INBOX_ADMIN_PATHS, previewResponse } from '@kismat/contracts/inbox-admin';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema/accounts';
import { inboxCampaigns, memberNotifications } from '../../db/schema/inbox';
import { operatorAuditLog } from '../../db/schema/operators';
import { vipMembers } from '../../db/schema/vip';
import { runJobOnce } from '../../platform/scheduler';
import type { TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueIp } from '../../test/factories';
import { fillPath, operatorToken } from '../../test/operator-login';
import { useTestApp } from '../../test/shop-fixture';
import { deliverDueCampaigns, inboxCampaignsJob } from './index';

let t: TestApp;
let admin: TestClient;

useTestApp(async (built) => {
  t = built;
  admin = new TestClient(t.app, 'localhost');
});

const content = {
  BN: { title: 'বিশেষ অফার', html: '<p>আজ <b>বোনাস</b></p>' },
  EN: { title: 'Special offer', html: '<p>Bonus <b>today</b></p>' },
  SW: { title: '', html: '' },
};

/** Creates a campaign over HTTP as `token` for `code`; sendAt in the future keeps it for the job. */
async function send(token: string, code: string, audience: unknown, options: { sendAt?: Date; body?: unknown } = {}) {
  const body = options.body ?? { audience, content, sendAt: (options.sendAt ?? new Date(t.app.now().getTime() + 3_600_000)).toISOString() };
  return admin.call('POST', fillPath(INBOX_ADMIN_PATHS.campaigns, { code }), { token, body });
}

async function recipients(campaignId: number): Promise<number[]> {
  const rows = await t.app.db
    .select({ memberId: memberNotifications.memberId })
    .from(memberNotifications)
    .where(and(eq(memberNotifications.kind, 'operator_message'), eq(memberNotifications.referenceId, campaignId)));
  return rows.map((row) => row.memberId).sort((a, b) => a - b);
}

async function campaign(id: number) {
  const [row] = await t.app.db.select().from(inboxCampaigns).where(eq(inboxCampaigns.id, id));
  return row;
}

/** Runs what is due an hour and a minute from now (the test campaigns' send time has passed). */
const runDue = (merchantId: number, batchSize = 2) =>
  deliverDueCampaigns({ db: t.app.db, realtime: t.app.realtime, now: new Date(t.app.now().getTime() + 3_660_000), batchSize, merchantId });

async function shopWith(count: number): Promise<{ shop: TestMerchant; ids: number[] }> {
  const shop = await createMerchant(t.app.db);
  const ids: number[] = [];
  for (let n = 0; n < count; n += 1) ids.push((await createMember(t.app.db, shop.merchant.id)).member.id);
  return { shop, ids };
}

describe('operator messages: audiences', () => {
  it('a VIP segment reaches exactly the members at those ranks, not others nor another merchant', async () => {
    const { shop, ids } = await shopWith(5);
    const other = await shopWith(1);
    const [a, b, c, d] = ids as [number, number, number, number, number];
    const rankOf: Array<[number, number, number]> = [
      [a, shop.merchant.id, 2],
      [b, shop.merchant.id, 2],
      [c, shop.merchant.id, 3],
      [d, shop.merchant.id, 1],
      [other.ids[0] ?? 0, other.shop.merchant.id, 2],
    ];
    await t.app.db.insert(vipMembers).values(rankOf.map(([memberId, merchantId, rank]) => ({ memberId, merchantId, rank })));
    const token = await operatorToken(t, admin, 'support', shop.merchant.id);
    const created = await send(token, shop.merchant.code, { type: 'VIP', ranks: [2, 3] });
    expect(created.statusCode, created.body).toBe(200);
    const id = campaignResponse.parse(created.json()).value.id;
    expect(await recipients(id)).toEqual([]);
    expect(await runDue(shop.merchant.id)).toBe(3);
    expect(await recipients(id)).toEqual([a, b, c].sort((x, y) => x - y));
    expect(await campaign(id)).toMatchObject({ status: 'SENT', delivered: 3 });
  });

  it("an agent's team reaches the whole subtree below the agent and no one else; new members only the recent ones", async () => {
    const shop = await createMerchant(t.app.db);
    const agent = (await createMember(t.app.db, shop.merchant.id, { type: 1 })).member;
    const direct = (await createMember(t.app.db, shop.merchant.id, { type: 1, uplineId: agent.id })).member;
    const deep = (await createMember(t.app.db, shop.merchant.id, { uplineId: direct.id })).member;
    const outsider = (await createMember(t.app.db, shop.merchant.id)).member;
    const token = await operatorToken(t, admin, 'support', shop.merchant.id);
    const team = campaignResponse.parse(
      (await send(token, shop.merchant.code, { type: 'AGENT_TEAM', username: agent.username })).json(),
    ).value;
    // Registered 10 days ago: outside a 7-day "new members" segment.
    await t.app.db
      .update(members)
      .set({ createdAt: new Date(t.app.now().getTime() - 10 * 86_400_000) })
      .where(inArray(members.id, [agent.id, outsider.id]));
    const fresh = campaignResponse.parse((await send(token, shop.merchant.code, { type: 'NEW_MEMBERS', days: 7 })).json()).value;
    await runDue(shop.merchant.id);
    expect(await recipients(team.id)).toEqual([direct.id, deep.id].sort((x, y) => x - y));
    expect(await recipients(fresh.id)).toEqual([direct.id, deep.id].sort((x, y) => x - y));
    // A player is no team.
    expect((await send(token, shop.merchant.code, { type: 'AGENT_TEAM', username: outsider.username })).statusCode).toBe(404);
  });

  it('everyone: every member of the merchant once (trial players have no inbox), in batches, and none of another merchant', async () => {
    const { shop, ids } = await shopWith(7);
    await createMember(t.app.db, shop.merchant.id, { type: 4 });
    const other = await shopWith(2);
    const token = await operatorToken(t, admin, 'admin', null);
    const id = campaignResponse.parse((await send(token, shop.merchant.code, { type: 'EVERYONE' })).json()).value.id;
    expect(await runDue(shop.merchant.id, 3)).toBe(7);
    expect(await recipients(id)).toEqual([...ids].sort((x, y) => x - y));
    const [stray] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberNotifications)
      .where(inArray(memberNotifications.memberId, other.ids));
    expect(stray?.n).toBe(0);
    expect(await campaign(id)).toMatchObject({ status: 'SENT', delivered: 7 });
    const list = campaignsResponse.parse(
      (await admin.call('GET', fillPath(INBOX_ADMIN_PATHS.campaigns, { code: shop.merchant.code }), { token })).json(),
    );
    expect(list.value.items[0]).toMatchObject({ id, status: 'SENT', delivered: 7 });
    const audited = await t.app.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.targetId, String(id)));
    expect(audited.map((row) => row.action)).toContain('inbox.campaign_created');
  });

  it('a scheduled message goes out once at its time, even with two job runners and a direct run racing', async () => {
    const { shop, ids } = await shopWith(9);
    const token = await operatorToken(t, admin, 'support', shop.merchant.id);
    const id = campaignResponse.parse((await send(token, shop.merchant.code, { type: 'EVERYONE' })).json()).value.id;
    // Before its time: nothing.
    expect(await deliverDueCampaigns({ db: t.app.db, realtime: t.app.realtime, now: t.app.now(), merchantId: shop.merchant.id })).toBe(0);
    expect(await campaign(id)).toMatchObject({ status: 'SCHEDULED', delivered: 0 });
    const at = new Date(t.app.now().getTime() + 3_660_000);
    const job = inboxCampaignsJob(t.app.db, t.app.realtime);
    const [first, second, written] = await Promise.all([
      runJobOnce(t.app.db, job, at),
      runJobOnce(t.app.db, job, at),
      deliverDueCampaigns({ db: t.app.db, realtime: t.app.realtime, now: at, batchSize: 2, merchantId: shop.merchant.id }),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(written).toBeGreaterThanOrEqual(0);
    expect(await recipients(id)).toEqual([...ids].sort((x, y) => x - y));
    expect(await campaign(id)).toMatchObject({ status: 'SENT', delivered: 9 });
    // Another period's run finds nothing more to send.
    await runJobOnce(t.app.db, job, new Date(at.getTime() + 120_000));
    expect(await campaign(id)).toMatchObject({ delivered: 9 });
  });

  it('a scheduled message can be cancelled before it goes; then nothing is sent', async () => {
    const { shop } = await shopWith(2);
    const token = await operatorToken(t, admin, 'support', shop.merchant.id);
    const id = campaignResponse.parse((await send(token, shop.merchant.code, { type: 'EVERYONE' })).json()).value.id;
    const cancel = await admin.call('POST', fillPath(INBOX_ADMIN_PATHS.campaignCancel, { code: shop.merchant.code, id }), { token });
    expect(campaignResponse.parse(cancel.json()).value.status).toBe('CANCELLED');
    expect(await runDue(shop.merchant.id)).toBe(0);
    expect(await recipients(id)).toEqual([]);
  });
});

describe('operator messages: what the member sees', () => {
  it('in their language (BN when that language has none), HTML sanitised, script gone, title as text; the badge counts it', async () => {
    const shop = await createMerchant(t.app.db);
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await operatorToken(t, admin, 'support', shop.merchant.id);
    const body = {
      audience: { type: 'MEMBER', username: member.username },
      content: {
        BN: {
          title: '<script>alert(1)</script> নোটিশ',
          html: '<p onclick="steal()">হ্যালো<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a></p>',
        },
        EN: { title: 'Notice', html: '<p>Hello <a href="https://example.com">site</a><style>body{display:none}</style></p>' },
      },
    };
    const created = await send(token, shop.merchant.code, null, { body });
    expect(created.statusCode, created.body).toBe(200);
    await deliverDueCampaigns({ db: t.app.db, realtime: t.app.realtime, now: t.app.now(), merchantId: shop.merchant.id });
    const read = async (language: string) => {
      const client = new TestClient(t.app, shop.host, language);
      const memberToken = await client.login(member.username, password ?? '', { ip: uniqueIp() });
      const page = notificationsResponse.parse(
        (await client.call('GET', CASHIER_PATHS.notifications, { token: memberToken })).json(),
      ).value;
      return { client, memberToken, page };
    };
    const en = await read('EN');
    expect(en.page.unread).toBe(1);
    expect(en.page.items[0]).toMatchObject({ kind: 'operator_message', title: 'Notice', isRead: false });
    expect(en.page.items[0]?.html).toBe(
      '<p>Hello <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    );
    const sw = await read('SW');
    const bn = sw.page.items[0];
    expect(bn?.title).toBe('<script>alert(1)</script> নোটিশ');
    expect(bn?.html).toBe('<p>হ্যালো<img src="x" /><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>');
    expect(bn?.html).not.toMatch(/script|onerror|onclick|javascript/);
    const count = async () =>
      unreadCountResponse.parse((await sw.client.call('GET', CUSTOMER_SERVICE_PATHS.unreadCount, { token: sw.memberToken })).json()).value
        .count;
    expect(await count()).toBe(1);
    const opened = await sw.client.call('POST', fillPath(CASHIER_PATHS.notificationOpen, { id: bn?.id ?? 0 }), { token: sw.memberToken });
    expect(openNotificationResponse.parse(opened.json()).value).toMatchObject({ unread: 0, notification: { isRead: true } });
    expect(await count()).toBe(0);
  });

  it('unread counts stay right under parallel page reads and opens', async () => {
    const shop = await createMerchant(t.app.db);
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await operatorToken(t, admin, 'support', shop.merchant.id);
    for (let n = 0; n < 6; n += 1)
      expect((await send(token, shop.merchant.code, { type: 'MEMBER', username: member.username })).statusCode).toBe(200);
    await runDue(shop.merchant.id);
    const client = new TestClient(t.app, shop.host, 'BN');
    const memberToken = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const page = notificationsResponse.parse((await client.call('GET', CASHIER_PATHS.notifications, { token: memberToken })).json()).value;
    expect(page.unread).toBe(6);
    const opens = [...page.items, ...page.items]
      .slice(0, 8)
      .map((item) => client.call('POST', fillPath(CASHIER_PATHS.notificationOpen, { id: item.id }), { token: memberToken }));
    const reads = Array.from({ length: 6 }, () => client.call('GET', CASHIER_PATHS.notifications, { token: memberToken }));
    const answers = await Promise.all([...opens, ...reads]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const after = notificationsResponse.parse((await client.call('GET', CASHIER_PATHS.notifications, { token: memberToken })).json()).value;
    // Six opens of distinct messages and two repeats: exactly six were unread, so 0 are left.
    expect(after.unread).toBe(0);
    expect(after.items.every((item) => item.isRead)).toBe(true);
  });
});

describe('operator messages: merchant boundaries', () => {
  it("an operator of another merchant cannot send to this merchant's members nor list its campaigns", async () => {
    const { shop, ids } = await shopWith(1);
    const [victim] = await t.app.db
      .select()
      .from(members)
      .where(eq(members.id, ids[0] ?? 0));
    const foreign = await createMerchant(t.app.db);
    const token = await operatorToken(t, admin, 'support', foreign.merchant.id);
    expect((await send(token, shop.merchant.code, { type: 'EVERYONE' })).statusCode).toBe(404);
    expect((await admin.call('GET', fillPath(INBOX_ADMIN_PATHS.campaigns, { code: shop.merchant.code }), { token })).statusCode).toBe(404);
    // Its own merchant with the other's username: no such member there.
    expect((await send(token, foreign.merchant.code, { type: 'MEMBER', username: victim?.username ?? '' })).statusCode).toBe(404);
    expect(await runDue(shop.merchant.id)).toBe(0);
    const preview = await admin.call('POST', fillPath(INBOX_ADMIN_PATHS.preview, { code: foreign.merchant.code }), {
      token,
      body: { content: { BN: { title: 'x', html: '<b>ok</b><script>bad()</script>' } } },
    });
    expect(previewResponse.parse(preview.json()).value.content.BN?.html).toBe('<b>ok</b>');
  });
});

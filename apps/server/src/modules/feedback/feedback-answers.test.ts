import { CASHIER_PATHS, notificationsResponse } from '@kismat/contracts/cashier';
import { FEEDBACK_ADMIN_PATHS, feedbackItemResponse, feedbackListResponse } from '@kismat/contracts/feedback';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../db/schema/operators';
import type { TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, plantCaptcha, TestClient, uniqueIp } from '../../test/factories';
import { fillPath, operatorToken } from '../../test/operator-login';
import { useTestApp } from '../../test/shop-fixture';

let t: TestApp;
let admin: TestClient;

useTestApp(async (built) => {
  t = built;
  admin = new TestClient(t.app, 'localhost');
});

describe('the feedback desk', () => {
  it("lists by type and status; the answer lands in the member's inbox, live; status changes are audited", async () => {
    const shop = await createMerchant(t.app.db);
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const client = new TestClient(t.app, shop.host, 'EN');
    const memberToken = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const submit = async (content: string, type: number, token?: string) => {
      const captchaId = await plantCaptcha(t.app.db, 'K7PX');
      const response = await client.call('PUT', '/wps/feedback', {
        ...(token ? { token } : {}),
        ip: uniqueIp(),
        body: { content, type, sender: 'guest', captcha: 'K7PX', captchaId },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.id as number;
    };
    const deposit = await submit('My deposit <b>is late</b>', 1, memberToken);
    await submit('Add more games', 3);
    const token = await operatorToken(t, admin, 'support', shop.merchant.id);
    const list = async (query: string) =>
      feedbackListResponse.parse(
        (await admin.call('GET', `${fillPath(FEEDBACK_ADMIN_PATHS.list, { code: shop.merchant.code })}${query}`, { token })).json(),
      ).value;
    expect((await list('?type=1')).items.map((item) => item.id)).toEqual([deposit]);
    expect((await list('?status=NEW')).total).toBe(2);

    const pushed: string[] = [];
    const unsubscribe = t.app.realtime.subscribe(member.id, { send: (data) => pushed.push(data) });
    const reply = await admin.call('POST', fillPath(FEEDBACK_ADMIN_PATHS.reply, { code: shop.merchant.code, id: deposit }), {
      token,
      body: { reply: 'Credited now <script>x()</script>, sorry for the wait.' },
    });
    unsubscribe();
    expect(feedbackItemResponse.parse(reply.json()).value).toMatchObject({ status: 'ANSWERED', repliedBy: expect.any(String) });
    expect(pushed.map((data) => JSON.parse(data).notification.kind)).toEqual(['feedback_answered']);
    const inbox = notificationsResponse.parse((await client.call('GET', CASHIER_PATHS.notifications, { token: memberToken })).json()).value;
    expect(inbox.unread).toBe(1);
    // Plain text both ways: the member's words as the heading, the answer as the body (the site escapes them).
    expect(inbox.items[0]).toMatchObject({
      kind: 'feedback_answered',
      referenceId: deposit,
      title: 'My deposit <b>is late</b>',
      body: 'Credited now <script>x()</script>, sorry for the wait.',
      html: null,
    });
    expect((await list('?status=ANSWERED')).items.map((item) => item.id)).toEqual([deposit]);

    const closed = await admin.call('POST', fillPath(FEEDBACK_ADMIN_PATHS.status, { code: shop.merchant.code, id: deposit }), {
      token,
      body: { status: 'CLOSED' },
    });
    expect(feedbackItemResponse.parse(closed.json()).value.status).toBe('CLOSED');
    const audit = await t.app.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.targetId, String(deposit)));
    expect(
      audit
        .map((row) => row.action)
        .filter((action) => action.startsWith('feedback.'))
        .sort(),
    ).toEqual(['feedback.answered', 'feedback.status_changed']);
  });

  it("an operator of another merchant cannot read or answer this merchant's feedback", async () => {
    const shop = await createMerchant(t.app.db);
    const client = new TestClient(t.app, shop.host, 'EN');
    const captchaId = await plantCaptcha(t.app.db, 'K7PX');
    const sent = await client.call('PUT', '/wps/feedback', {
      ip: uniqueIp(),
      body: { content: 'hello', type: 0, captcha: 'K7PX', captchaId },
    });
    const id = sent.json().value.id as number;
    const foreign = await createMerchant(t.app.db);
    const token = await operatorToken(t, admin, 'support', foreign.merchant.id);
    expect((await admin.call('GET', fillPath(FEEDBACK_ADMIN_PATHS.list, { code: shop.merchant.code }), { token })).statusCode).toBe(404);
    // Through its own merchant's path, the other merchant's feedback id does not exist.
    const reply = await admin.call('POST', fillPath(FEEDBACK_ADMIN_PATHS.reply, { code: foreign.merchant.code, id }), {
      token,
      body: { reply: 'x' },
    });
    expect(reply.statusCode).toBe(404);
    const status = await admin.call('POST', fillPath(FEEDBACK_ADMIN_PATHS.status, { code: foreign.merchant.code, id }), {
      token,
      body: { status: 'CLOSED' },
    });
    expect(status.statusCode).toBe(404);
    const own = feedbackListResponse.parse(
      (await admin.call('GET', fillPath(FEEDBACK_ADMIN_PATHS.list, { code: foreign.merchant.code }), { token })).json(),
    ).value;
    expect(own.total).toBe(0);
  });
});

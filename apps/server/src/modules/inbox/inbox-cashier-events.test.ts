import { CASHIER_PATHS, deleteNotificationsResponse, notificationsResponse, openNotificationResponse } from '@kismat/contracts/cashier';
import { CUSTOMER_SERVICE_PATHS, unreadCountResponse } from '@kismat/contracts/customer-service';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { useTestApp } from '../../test/shop-fixture';
import { createFundedMember } from '../../test/vendor-test-kit';
import { sendInboxMessage } from './send-inbox-message';

type Player = Awaited<ReturnType<typeof createFundedMember>>;

describe('the member inbox (messageV2): paging, open, delete', () => {
  let t: TestApp;
  useTestApp(async (built) => {
    t = built;
  });

  const notify = (player: Player, referenceId: number, at: Date) =>
    sendInboxMessage(t.app.db, {
      merchantId: player.merchant.id,
      memberId: player.member.id,
      kind: 'deposit_credited',
      amount: BigInt(referenceId) * 100n,
      referenceId,
      now: at,
    });
  const page = async (player: Player, query = '') => {
    const answer = await player.client.call('GET', `${CASHIER_PATHS.notifications}${query}`, { token: player.token });
    expect(answer.statusCode, answer.body).toBe(200);
    return notificationsResponse.parse(answer.json()).value;
  };
  const open = (player: Player, id: number) =>
    player.client.call('POST', CASHIER_PATHS.notificationOpen.replace(':id', String(id)), { token: player.token });
  const remove = (player: Player, id: number) =>
    player.client.call('POST', CASHIER_PATHS.notificationDelete.replace(':id', String(id)), { token: player.token });
  const unreadCount = async (player: Player) =>
    unreadCountResponse.parse((await player.client.call('GET', CUSTOMER_SERVICE_PATHS.unreadCount, { token: player.token })).json()).value
      .count;

  it('pages unread first, then newest first, with the total; pageSize defaults to 20 and is capped at 50', async () => {
    const alice = await createFundedMember(t.app, 0n);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // 25 messages one minute apart: reference n at minute n.
    for (let n = 1; n <= 25; n += 1) await notify(alice, n, new Date(base + n * 60_000));
    const byReference = new Map((await page(alice, '?pageSize=50')).items.map((item) => [item.referenceId, item.id]));
    // Read 25 (newest) and 3: they go to the end, newest of them first.
    for (const reference of [25, 3]) expect((await open(alice, byReference.get(reference) ?? 0)).statusCode).toBe(200);

    const first = await page(alice);
    expect(first).toMatchObject({ total: 25, unread: 23, pageNo: 1, pageSize: 20 });
    const second = await page(alice, '?pageNo=2');
    const order = [...first.items, ...second.items].map((item) => item.referenceId);
    const unreadNewestFirst = Array.from({ length: 24 }, (_, index) => 24 - index).filter((n) => n !== 3);
    expect(order).toEqual([...unreadNewestFirst, 25, 3]);
    expect(second.items.map((item) => item.isRead)).toEqual([false, false, false, true, true]);
    expect((await page(alice, '?pageNo=3')).items).toEqual([]);
    const tooBig = await alice.client.call('GET', `${CASHIER_PATHS.notifications}?pageSize=51`, { token: alice.token });
    expect(tooBig.json().code).toBe('VALIDATION_FAILED');
  });

  it('20 parallel opens of one message drop the unread count by exactly one', async () => {
    const bob = await createFundedMember(t.app, 0n);
    const now = new Date();
    const target = await notify(bob, 1, now);
    await notify(bob, 2, now);
    await notify(bob, 3, now);
    expect(await unreadCount(bob)).toBe(3);
    const opens = await Promise.all(Array.from({ length: 20 }, () => open(bob, target?.id ?? 0)));
    const answers = opens.map((answer) => openNotificationResponse.parse(answer.json()).value);
    for (const answer of answers) {
      expect(answer.notification.id).toBe(target?.id);
      expect(answer.notification.isRead).toBe(true);
      expect(answer.unread).toBe(2);
    }
    expect(await unreadCount(bob)).toBe(2);
    expect((await page(bob)).unread).toBe(2);
  });

  it("another member's message is NOT_FOUND to open or delete and stays as it was", async () => {
    const owner = await createFundedMember(t.app, 0n);
    const other = await createFundedMember(t.app, 0n);
    const message = await notify(owner, 7, new Date());
    const id = message?.id ?? 0;
    const opened = await open(other, id);
    expect(opened.statusCode).toBe(404);
    expect(opened.json().code).toBe('NOT_FOUND');
    const deleted = await remove(other, id);
    expect(deleted.json().code).toBe('NOT_FOUND');
    // Other's "delete all read" touches only their own rows.
    await other.client.call('POST', CASHIER_PATHS.notificationsDeleteRead, { token: other.token });
    const inbox = await page(owner);
    expect(inbox.items.map((item) => [item.id, item.isRead])).toEqual([[id, false]]);
    expect(await unreadCount(owner)).toBe(1);
    expect((await page(other)).total).toBe(0);
  });

  it('deletes one message, then every read one; unread ones stay', async () => {
    const carol = await createFundedMember(t.app, 0n);
    const now = new Date();
    const [a, b, c] = [await notify(carol, 1, now), await notify(carol, 2, now), await notify(carol, 3, now)];
    const one = deleteNotificationsResponse.parse((await remove(carol, a?.id ?? 0)).json()).value;
    expect(one).toEqual({ deleted: 1, unread: 2 });
    expect((await remove(carol, a?.id ?? 0)).json().code).toBe('NOT_FOUND');
    await open(carol, b?.id ?? 0);
    const read = await carol.client.call('POST', CASHIER_PATHS.notificationsDeleteRead, { token: carol.token });
    expect(deleteNotificationsResponse.parse(read.json()).value).toEqual({ deleted: 1, unread: 1 });
    expect((await page(carol)).items.map((item) => item.id)).toEqual([c?.id]);
  });
});

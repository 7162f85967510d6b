import { randomUUID } from 'node:crypto';
import {
  CHAT_RATE_LIMIT,
  chatMessageResponse,
  chatRoomResponse,
  guestResponse,
  LIVE_CHAT_PATHS,
  operatorQueueResponse,
} from '@kismat/contracts/live-chat';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberNotifications } from '../../db/schema/inbox';
import { liveChatMessages } from '../../db/schema/live-chat';
import type { TestApp } from '../../test/build-test-app';
import { createMerchant, TestClient } from '../../test/factories';
import { useTestApp } from '../../test/shop-fixture';
import { createFundedMember, defaultMerchant } from '../../test/vendor-test-kit';
import { chatBodies, consoleOf, loginOperator, openChatSocket, roomOf, TINY_PNG } from './live-chat-test-kit';

describe('live chat: the room, the console and /ws (issue 18)', () => {
  let t: TestApp;
  let host: string;
  let code: string;
  useTestApp(async (built) => {
    t = built;
    const site = await defaultMerchant(t.app);
    host = site.host;
    code = site.merchant.code;
  });

  async function memberRoom() {
    const member = await createFundedMember(t.app, 0n);
    return { ...member, room: roomOf(t.app, host, { token: member.token }) };
  }

  it('keeps messages in order with seq 1..n, live to the operator, and a reconnect catches up by seq with nothing lost', async () => {
    const operator = await loginOperator(t.app, host);
    const desk = consoleOf(t.app, host, operator.token, code);
    const ops = await openChatSocket(t.app, host, { operator: operator.token, merchant: code });
    expect(ops.messages[0]).toEqual({ type: 'ready' });
    const alice = await memberRoom();
    const page = await openChatSocket(t.app, host, { token: alice.token });

    for (let index = 1; index <= 5; index += 1) expect((await alice.room.send(`hello ${index}`)).statusCode).toBe(200);
    const room = chatRoomResponse.parse((await alice.room.room()).json()).value;
    expect(room.isOperatorOnline).toBe(true);
    expect(room.messages.map((message) => [message.seq, message.body])).toEqual([1, 2, 3, 4, 5].map((n) => [n, `hello ${n}`]));
    await expect.poll(() => chatBodies(ops), { timeout: 5000 }).toEqual(['hello 1', 'hello 2', 'hello 3', 'hello 4', 'hello 5']);
    const conversationId = room.conversation?.id ?? 0;

    // The member's page drops; the operator answers twice meanwhile; the page comes back and asks after seq 5.
    page.close();
    expect((await desk.answer(conversationId, 'first answer')).statusCode).toBe(200);
    expect((await desk.answer(conversationId, 'second answer')).statusCode).toBe(200);
    const caughtUp = chatRoomResponse.parse((await alice.room.room(5)).json()).value;
    expect(caughtUp.messages.map((message) => [message.seq, message.sender, message.body])).toEqual([
      [6, 'OPERATOR', 'first answer'],
      [7, 'OPERATOR', 'second answer'],
    ]);
    expect(caughtUp.conversation?.status).toBe('OPEN');
    expect(caughtUp.conversation?.assignedOperator).toBe(operator.username);

    // Live again: the next answer arrives on the new socket.
    const again = await openChatSocket(t.app, host, { token: alice.token });
    expect((await desk.answer(conversationId, 'third answer')).statusCode).toBe(200);
    await expect.poll(() => chatBodies(again), { timeout: 5000 }).toEqual(['third answer']);
    // Typing and read marks reach the other side.
    expect((await alice.room.typing()).statusCode).toBe(200);
    expect((await alice.room.read(8)).statusCode).toBe(200);
    await expect.poll(() => ops.messages.filter((message) => message.type === 'chat.typing').length, { timeout: 5000 }).toBe(1);
    await expect
      .poll(() => ops.messages.find((message) => message.type === 'chat.read'), { timeout: 5000 })
      .toEqual({ type: 'chat.read', conversationId, by: 'VISITOR', seq: 8 });
    again.close();
    ops.close();
  });

  it('a resend with the same clientMessageId (after a reconnect) is stored once', async () => {
    const alice = await memberRoom();
    const id = randomUUID();
    const first = chatMessageResponse.parse((await alice.room.send('only once', id)).json()).value;
    const resend = chatMessageResponse.parse((await alice.room.send('only once', id)).json()).value;
    expect(resend.message.id).toBe(first.message.id);
    const rows = await t.app.db.select().from(liveChatMessages).where(eq(liveChatMessages.conversationId, first.conversation.id));
    expect(rows).toHaveLength(1);
  });

  it('a script in a message is stored and shown as text, not HTML', async () => {
    const operator = await loginOperator(t.app, host);
    const desk = consoleOf(t.app, host, operator.token, code);
    const alice = await memberRoom();
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const sent = chatMessageResponse.parse((await alice.room.send(script)).json()).value;
    expect(sent.message.body).toBe(script);
    const read = (await desk.messages(sent.conversation.id)).json().value;
    expect(read.messages[0].body).toBe(script);
    // JSON only: the API never serves chat text as a page.
    expect((await alice.room.room()).headers['content-type']).toContain('application/json');
  });

  it('images: a png is sent and served to its owner and operators; a renamed .exe, an oversized file and another member are refused', async () => {
    const operator = await loginOperator(t.app, host);
    const desk = consoleOf(t.app, host, operator.token, code);
    const alice = await memberRoom();
    const sent = await alice.room.image(TINY_PNG, 'photo.png', 'image/png');
    expect(sent.statusCode, sent.body).toBe(200);
    const message = chatMessageResponse.parse(sent.json()).value.message;
    expect(message.kind).toBe('IMAGE');
    const own = await alice.client.call('GET', LIVE_CHAT_PATHS.image.replace(':messageId', String(message.id)), { token: alice.token });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(TINY_PNG)).toBe(true);
    const byOperator = await desk.call('GET', `/admin-api/merchants/${code}/live-chat/images/${message.id}`);
    expect(byOperator.statusCode).toBe(200);
    const bob = await memberRoom();
    expect(
      (await bob.client.call('GET', LIVE_CHAT_PATHS.image.replace(':messageId', String(message.id)), { token: bob.token })).statusCode,
    ).toBe(404);

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const renamed = await alice.room.image(exe, 'photo.png', 'image/png');
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().code).toBe('CHAT_IMAGE_INVALID');
    const html = await alice.room.image(Buffer.from('<html><script>alert(1)</script></html>'), 'a.jpg', 'image/jpeg');
    expect(html.json().code).toBe('CHAT_IMAGE_INVALID');
    const huge = await alice.room.image(Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(huge.json().code).toBe('CHAT_IMAGE_INVALID');
  });

  it(`rate limit: past ${CHAT_RATE_LIMIT.messages} messages in ${CHAT_RATE_LIMIT.windowSeconds} s CHAT_TOO_FAST, in the member's language`, async () => {
    const alice = await memberRoom();
    for (let index = 0; index < CHAT_RATE_LIMIT.messages; index += 1) expect((await alice.room.send(`m${index}`)).statusCode).toBe(200);
    const refused = await alice.room.send('one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'CHAT_TOO_FAST',
      message: 'You are sending messages too fast, wait a few seconds and send again',
    });
    const bn = await roomOf(t.app, host, { token: alice.token }, 'BN').send('আরও একটি');
    expect(bn.json().message).toBe('আপনি খুব দ্রুত বার্তা পাঠাচ্ছেন, কয়েক সেকেন্ড অপেক্ষা করে আবার পাঠান');
    // After the window the member may write again.
    t.setNow(new Date(Date.now() + (CHAT_RATE_LIMIT.windowSeconds + 1) * 1000));
    try {
      expect((await alice.room.send('later')).statusCode).toBe(200);
    } finally {
      t.setNow(undefined as unknown as Date);
    }
  });

  it('a visitor chats by a signed guest id; a tampered id is refused; the answer reaches the guest socket', async () => {
    const client = new TestClient(t.app, host);
    const guest = guestResponse.parse((await client.call('POST', LIVE_CHAT_PATHS.guest)).json()).value.guestId;
    const tampered = `${guest.slice(0, 35)}${guest[35] === 'a' ? 'b' : 'a'}${guest.slice(36)}`;
    expect((await roomOf(t.app, host, { guest: tampered }).send('hi')).statusCode).toBe(401);
    expect((await roomOf(t.app, host, { guest: 'not-a-guest' }).room()).statusCode).toBe(401);
    const refusedSocket = await openChatSocket(t.app, host, { guest: tampered });
    expect(refusedSocket.messages[0]).toEqual({ type: 'error', code: 'AUTH_REQUIRED' });

    const visitor = roomOf(t.app, host, { guest });
    const socket = await openChatSocket(t.app, host, { guest });
    const sent = chatMessageResponse.parse((await visitor.send('I cannot log in')).json()).value;
    expect(sent.message.sender).toBe('GUEST');
    const operator = await loginOperator(t.app, host);
    expect(
      (await consoleOf(t.app, host, operator.token, code).answer(sent.conversation.id, 'Try resetting your password')).statusCode,
    ).toBe(200);
    // The guest's own message comes back too (another tab of the same visitor shows it).
    await expect.poll(() => chatBodies(socket), { timeout: 5000 }).toEqual(['I cannot log in', 'Try resetting your password']);
    socket.close();
  });

  it("another merchant's operator sees nothing: no queue row, no conversation, no socket events", async () => {
    const other = await createMerchant(t.app.db);
    const foreign = await loginOperator(t.app, host, { merchantId: other.merchant.id });
    const foreignDesk = consoleOf(t.app, host, foreign.token, code);
    const ownDesk = consoleOf(t.app, host, foreign.token, other.merchant.code);
    const foreignSocket = await openChatSocket(t.app, host, { operator: foreign.token, merchant: code });
    expect(foreignSocket.messages[0]).toEqual({ type: 'error', code: 'AUTH_REQUIRED' });
    const ownSocket = await openChatSocket(t.app, host, { operator: foreign.token, merchant: other.merchant.code });
    expect(ownSocket.messages[0]).toEqual({ type: 'ready' });

    const alice = await memberRoom();
    const sent = chatMessageResponse.parse((await alice.room.send('private question')).json()).value;
    expect((await foreignDesk.queue()).statusCode).toBe(404);
    expect((await foreignDesk.messages(sent.conversation.id)).statusCode).toBe(404);
    expect((await foreignDesk.answer(sent.conversation.id, 'hijack')).statusCode).toBe(404);
    // On its own merchant's path the conversation id of another merchant is not found either.
    expect((await ownDesk.messages(sent.conversation.id)).statusCode).toBe(404);
    expect(operatorQueueResponse.parse((await ownDesk.queue()).json()).value.list).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ownSocket.messages.filter((message) => String(message.type).startsWith('chat.'))).toEqual([]);
    ownSocket.close();
  });

  it('offline: with no operator online the message is kept; the later answer also lands in the member inbox once', async () => {
    // Nobody's console is open in this test (earlier sockets closed): the presence rows are gone.
    const alice = await memberRoom();
    const room = chatRoomResponse.parse((await alice.room.room()).json()).value;
    expect(room.isOperatorOnline).toBe(false);
    const sent = chatMessageResponse.parse((await alice.room.send('is anyone there?')).json()).value;
    const operator = await loginOperator(t.app, host);
    const desk = consoleOf(t.app, host, operator.token, code);
    expect((await desk.answer(sent.conversation.id, 'Yes, sorry for the wait')).statusCode).toBe(200);
    expect((await desk.answer(sent.conversation.id, 'How can I help?')).statusCode).toBe(200);
    const inbox = await t.app.db
      .select()
      .from(memberNotifications)
      .where(and(eq(memberNotifications.memberId, alice.member.id), eq(memberNotifications.kind, 'chat_answered')));
    expect(inbox.map((row) => row.body)).toEqual(['Yes, sorry for the wait']);
  });

  it("the console shows the member's context beside the chat; a visitor has none", async () => {
    const operator = await loginOperator(t.app, host);
    const desk = consoleOf(t.app, host, operator.token, code);
    const alice = await createFundedMember(t.app, 250_00n);
    const sent = chatMessageResponse.parse((await roomOf(t.app, host, { token: alice.token }).send('my balance?')).json()).value;
    const context = await desk.call('GET', `/admin-api/merchants/${code}/live-chat/conversations/${sent.conversation.id}/context`);
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json().value).toMatchObject({
      memberId: alice.member.id,
      username: alice.member.username,
      balance: '250.00',
      openTurnover: '0.00',
    });
    const guest = guestResponse.parse((await new TestClient(t.app, host).call('POST', LIVE_CHAT_PATHS.guest)).json()).value.guestId;
    const visitor = chatMessageResponse.parse((await roomOf(t.app, host, { guest }).send('hello')).json()).value;
    const none = await desk.call('GET', `/admin-api/merchants/${code}/live-chat/conversations/${visitor.conversation.id}/context`);
    expect(none.json().value).toBeNull();
    // The operator's read mark reaches the conversation (the member's read ticks).
    expect(
      (await desk.call('POST', `/admin-api/merchants/${code}/live-chat/conversations/${sent.conversation.id}/read`, { body: { seq: 1 } }))
        .statusCode,
    ).toBe(200);
    const room = chatRoomResponse.parse((await roomOf(t.app, host, { token: alice.token }).room()).json()).value;
    expect(room.conversation?.operatorReadSeq).toBe(1);
  });

  it('take, transfer and close: one owner at a time, a closed chat refuses answers, the next message opens a new one', async () => {
    const first = await loginOperator(t.app, host);
    const second = await loginOperator(t.app, host);
    const deskA = consoleOf(t.app, host, first.token, code);
    const deskB = consoleOf(t.app, host, second.token, code);
    const alice = await memberRoom();
    const sent = chatMessageResponse.parse((await alice.room.send('help with a deposit')).json()).value;
    const id = sent.conversation.id;
    const queued = operatorQueueResponse.parse((await deskA.queue()).json()).value.list.find((row) => row.id === id);
    expect(queued).toMatchObject({ status: 'WAITING', username: alice.member.username, lastBody: 'help with a deposit', unread: 1 });

    expect((await deskA.take(id)).json().value).toMatchObject({ status: 'OPEN', assignedOperator: first.username });
    expect((await deskB.answer(id, 'me too')).json().code).toBe('CHAT_STATE_CONFLICT');
    expect((await deskA.transfer(id, 'nobody-by-that-name')).statusCode).toBe(404);
    expect((await deskA.transfer(id, second.username)).json().value.assignedOperator).toBe(second.username);
    expect((await deskB.answer(id, 'I can help')).statusCode).toBe(200);
    expect((await deskB.close(id)).json().value.status).toBe('CLOSED');
    expect((await deskB.answer(id, 'after close')).json().code).toBe('CHAT_STATE_CONFLICT');
    const transcript = (await deskA.messages(id)).json().value.messages.map((message: { sender: string }) => message.sender);
    expect(transcript).toEqual(['MEMBER', 'SYSTEM', 'OPERATOR', 'SYSTEM']);

    const next = chatMessageResponse.parse((await alice.room.send('one more thing')).json()).value;
    expect(next.conversation.id).not.toBe(id);
    expect(next.message.seq).toBe(1);
    // Transcript search finds the closed chat by member and by text.
    const hits = await deskA.call('GET', `/admin-api/merchants/${code}/live-chat/transcripts`, {
      query: { member: alice.member.username, text: 'deposit' },
    });
    expect(hits.json().value.list.map((hit: { body: string }) => hit.body)).toEqual(['help with a deposit']);
  });
});

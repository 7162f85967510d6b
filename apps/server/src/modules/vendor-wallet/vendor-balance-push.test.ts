import { randomUUID } from 'node:crypto';
import { LAUNCH_PATHS } from '@kismat/contracts/catalogue';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { TestClient, uniqueIp } from '../../test/factories';
import { useTestApp } from '../../test/shop-fixture';
import { defaultMerchant, firstGameOf, openVendorSession, vendorCall } from '../../test/vendor-test-kit';

const VENDOR = 'PT';
const id = () => randomUUID();

type TestSocket = Awaited<ReturnType<FastifyInstance['injectWS']>>;

/** A member's /ws socket, authenticated, collecting every message it gets. */
async function memberSocket(app: FastifyInstance, host: string, token: string) {
  const socket: TestSocket = await app.injectWS('/ws', { headers: { host } });
  const messages: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
  socket.send(JSON.stringify({ token }));
  await expect.poll(() => messages.some((message) => message.type === 'ready'), { timeout: 5000 }).toBe(true);
  return { socket, messages, balances: () => messages.filter((message) => message.type === 'balance') };
}

describe('vendor calls push the balance to the member’s pages (issue 12 item 4)', () => {
  let t: TestApp;
  useTestApp((built) => {
    t = built;
  });

  it('a bet and its win reach the open page as the balance after both, with no request from the page', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 100_00n);
    const { host } = await defaultMerchant(t.app);
    const page = await memberSocket(t.app, host, opened.token);
    const roundId = id();
    const bet = { ...opened.session, transactionUuid: id(), roundId, amount: '10.00' };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).toMatchObject({ status: 'RS_OK', balance: '90.00' });
    const win = { ...opened.session, transactionUuid: id(), roundId, amount: '25.50', referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).toMatchObject({ status: 'RS_OK', balance: '115.50' });

    await expect
      .poll(() => page.balances().at(-1), { timeout: 5000 })
      .toEqual({ type: 'balance', balance: '115.50', trialBalance: '0.00' });
    // The bet and the win within the push window are one message, not one per call.
    expect(page.balances().length).toBeLessThanOrEqual(2);

    // A refused call moves nothing and pushes nothing.
    const before = page.messages.length;
    const refused = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {
      ...bet,
      transactionUuid: id(),
      roundId: id(),
      amount: '999.00',
    });
    expect(refused.status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page.messages.length).toBe(before);
    page.socket.terminate();
  });

  it('a trial player sees the play money in member info from the start, and pushes carry it', async () => {
    const { host } = await defaultMerchant(t.app);
    const client = new TestClient(t.app, host);
    const started = await client.call('POST', '/wps/session/login/freeplay', { body: {}, ip: uniqueIp() });
    expect(started.statusCode).toBe(200);
    const { token, member } = started.json().value;
    expect(member).toMatchObject({ isTrial: true, balance: '0.00', trialBalance: '2000.00' });
    const info = (await client.call('GET', '/wps/member/info', { token })).json().value;
    expect(info).toMatchObject({ balance: '0.00', trialBalance: '2000.00' });

    const game = await firstGameOf(t.app, VENDOR);
    const launched = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}&mode=fun`, { token });
    expect(launched.statusCode).toBe(200);
    const launch = new URL(launched.json().value.url as string, 'http://local').searchParams.get('token');
    const auth = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.authenticate, { token: launch });
    expect(auth).toMatchObject({ status: 'RS_OK', isFunMode: true, balance: '2000.00' });
    const page = await memberSocket(t.app, host, token);
    const session = { sessionId: auth.sessionId, user: auth.user, gameCode: game.gameCode, currency: auth.currency };
    const bet = { ...session, transactionUuid: id(), roundId: id(), amount: '15.00' };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).toMatchObject({ status: 'RS_OK', balance: '1985.00' });
    await expect
      .poll(() => page.balances().at(-1), { timeout: 5000 })
      .toEqual({ type: 'balance', balance: '0.00', trialBalance: '1985.00' });
    page.socket.terminate();
  });

  it('many envelopes at once reach each member (one NOTIFY carries many)', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 1_00n);
    const { host, merchant } = await defaultMerchant(t.app);
    const page = await memberSocket(t.app, host, opened.token);
    const others = Array.from({ length: 150 }, (_, index) => ({
      merchantId: merchant.id,
      memberId: opened.member.id + 1_000_000 + index,
      message: { type: 'balance', balance: '1.00', trialBalance: '0.00' },
    }));
    await t.app.realtime.publishMany([
      ...others.slice(0, 100),
      { merchantId: merchant.id, memberId: opened.member.id, message: { type: 'balance', balance: '7.00', trialBalance: '0.00' } },
      ...others.slice(100),
    ]);
    await expect.poll(() => page.balances(), { timeout: 5000 }).toEqual([{ type: 'balance', balance: '7.00', trialBalance: '0.00' }]);
    page.socket.terminate();
  });
});

import { BETTING_RECORD_PATHS, bettingRecordResponse } from '@kismat/contracts/betting-records';
import { CATALOGUE_PATHS, LAUNCH_PATHS, launchGameResponse, recentGamesResponse } from '@kismat/contracts/catalogue';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { DEMO_VENDOR_PATHS, demoSessionResponse, VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { games, vendors } from '../../db/schema/catalogue';
import { gameRounds } from '../../db/schema/games';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { TestApp } from '../../test/build-test-app';
import { merchantDay, type TestClient } from '../../test/factories';
import { closeVerified, useTestApp } from '../../test/shop-fixture';
import { createFundedMember, vendorCall } from '../../test/vendor-test-kit';
import { listWinners } from '../catalogue/list-winners';

async function gameOf(app: FastifyInstance, vendorCode: string, category: string) {
  const [game] = await app.db
    .select({ id: games.id, gameCode: games.gameCode, supportsFreePlay: games.supportsFreePlay })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .where(and(eq(vendors.code, vendorCode), eq(games.category, category)))
    .orderBy(asc(games.id))
    .limit(1);
  if (!game) throw new Error(`no ${category} game for ${vendorCode}`);
  return game;
}

async function funLaunch(client: TestClient, token: string, nodeId: number) {
  return client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${nodeId}&mode=fun`, { token });
}

function tokenOf(url: string): string {
  return new URL(url, 'http://local').searchParams.get('token') ?? '';
}

async function balanceOf(app: FastifyInstance, accountId: number): Promise<bigint> {
  const [row] = await app.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0n;
}

describe('free trial (fun mode): play money through the same vendor API, never the real wallet', () => {
  let t: TestApp;
  useTestApp(
    (built) => {
      t = built;
    },
    { close: closeVerified },
  );

  it('a member plays a free trial with play money: cash, records, recent games and the winner board are untouched', async () => {
    const { client, token, member, merchant, cashAccountId } = await createFundedMember(t.app, 50_00n);
    const game = await gameOf(t.app, 'CQ9', 'RNG');
    expect(game.supportsFreePlay).toBe(true);

    const response = await funLaunch(client, token, game.id);
    expect(response.statusCode, response.body).toBe(200);
    const launch = launchGameResponse.parse(response.json()).value;
    expect(launch).toMatchObject({ isFunMode: true, isDemo: true, nodeId: game.id });
    expect(launch.url).toContain('mode=fun');

    const auth = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.authenticate, { token: tokenOf(launch.url) });
    expect(auth).toMatchObject({ status: 'RS_OK', isFunMode: true, balance: '2000.00' });
    const session = { sessionId: auth.sessionId, user: auth.user, gameCode: game.gameCode, currency: auth.currency };

    // More than the member's real cash: play money is its own balance.
    const bet = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.bet, {
      ...session,
      roundId: 'fun-r1',
      transactionUuid: 'fun-bet-1',
      amount: '100.00',
    });
    expect(bet).toMatchObject({ status: 'RS_OK', balance: '1900.00' });
    const win = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.win, {
      ...session,
      roundId: 'fun-r1',
      transactionUuid: 'fun-win-1',
      referenceTransactionUuid: 'fun-bet-1',
      amount: '350.00',
      isRoundClosed: true,
    });
    expect(win).toMatchObject({ status: 'RS_OK', balance: '2250.00' });
    const tooMuch = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.bet, {
      ...session,
      roundId: 'fun-r2',
      transactionUuid: 'fun-bet-2',
      amount: '5000.00',
    });
    expect(tooMuch).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '2250.00' });

    expect(await balanceOf(t.app, cashAccountId)).toBe(50_00n);
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.memberId, member.id));
    expect(round).toMatchObject({ isTrial: true, status: 'CLOSED', betTotal: 100_00n, payoutTotal: 350_00n });

    const day = merchantDay();
    const records = bettingRecordResponse.parse(
      (await client.call('GET', `${BETTING_RECORD_PATHS.bettingRecord}?startDate=${day}&endDate=${day}`, { token })).json(),
    ).value;
    expect(records.total).toBe(0);
    const recent = recentGamesResponse.parse((await client.call('GET', CATALOGUE_PATHS.recentGames, { token })).json()).value;
    expect(recent.list.map((entry) => entry.nodeId)).not.toContain(game.id);
    const winners = await listWinners(t.app.db, { merchantId: merchant.id, category: 'ALL', language: 'EN', limit: 20, now: new Date() });
    expect(winners.some((entry) => entry.vo.nodeId === game.id && entry.vo.customerName.startsWith(member.username.slice(0, 2)))).toBe(
      false,
    );
  });

  it('the DEMO client says fun mode (session answer and page label)', async () => {
    const { client, token } = await createFundedMember(t.app, 0n);
    const game = await gameOf(t.app, 'CQ9', 'RNG');
    const launch = launchGameResponse.parse((await funLaunch(client, token, game.id)).json()).value;
    const session = demoSessionResponse.parse(
      (
        await t.app.inject({ method: 'POST', url: DEMO_VENDOR_PATHS.session, payload: { token: tokenOf(launch.url), vendor: 'CQ9' } })
      ).json(),
    ).value;
    expect(session).toMatchObject({ isFunMode: true, balance: '2000.00' });
    const page = await t.app.inject({ url: launch.url });
    expect(page.body).toContain('PLAY MONEY');
  });

  it('a trial player cannot launch for real but can take the free trial', async () => {
    const trial = await createFundedMember(t.app, 0n, { type: MEMBER_TYPE.TRIAL });
    const game = await gameOf(t.app, 'CQ9', 'RNG');
    const real = await trial.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token: trial.token });
    expect(real.statusCode).toBe(403);
    expect(real.json().code).toBe('TRIAL_FORBIDDEN');

    const fun = await funLaunch(trial.client, trial.token, game.id);
    expect(fun.statusCode, fun.body).toBe(200);
    const auth = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.authenticate, {
      token: tokenOf(launchGameResponse.parse(fun.json()).value.url),
    });
    // The trial grant, given once: not doubled by the fun-mode top-up.
    expect(auth).toMatchObject({ status: 'RS_OK', isFunMode: true, balance: '2000.00' });
  });

  it('a game without a free trial says so in the player language', async () => {
    const { client, token } = await createFundedMember(t.app, 0n);
    const live = await gameOf(t.app, 'AG', 'LIVE');
    expect(live.supportsFreePlay).toBe(false);
    const refused = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${live.id}&mode=fun`, {
      token,
      headers: { language: 'EN' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'FREE_PLAY_UNSUPPORTED',
      message: 'This game has no free trial, please play it with a real account',
    });
  });

  it('an in-house game: a trial player plays it (with play money there), a member is not sent to it for real', async () => {
    const [house] = await t.app.db
      .select({ id: games.id })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(and(eq(vendors.code, 'KISMAT'), eq(games.category, 'BGS')))
      .limit(1);
    if (!house) throw new Error('no in-house game');
    const member = await createFundedMember(t.app, 0n);
    const refused = await funLaunch(member.client, member.token, house.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('FREE_PLAY_UNSUPPORTED');
    const trial = await createFundedMember(t.app, 0n, { type: MEMBER_TYPE.TRIAL });
    const played = await funLaunch(trial.client, trial.token, house.id);
    expect(played.statusCode, played.body).toBe(200);
    expect(launchGameResponse.parse(played.json()).value).toMatchObject({ mode: 'redirect', isFunMode: false });
  });

  it('a fun session cannot settle into a real round of the same id', async () => {
    const member = await createFundedMember(t.app, 100_00n);
    const game = await gameOf(t.app, 'CQ9', 'RNG');
    const realLaunch = await member.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token: member.token });
    const real = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.authenticate, {
      token: tokenOf(launchGameResponse.parse(realLaunch.json()).value.url),
    });
    const funLaunchResponse = await funLaunch(member.client, member.token, game.id);
    const fun = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.authenticate, {
      token: tokenOf(launchGameResponse.parse(funLaunchResponse.json()).value.url),
    });
    const common = { user: real.user, gameCode: game.gameCode, currency: real.currency, roundId: 'mixed-r1' };
    const bet = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.bet, {
      ...common,
      sessionId: real.sessionId,
      transactionUuid: 'mixed-bet',
      amount: '10.00',
    });
    expect(bet.status).toBe('RS_OK');
    const win = await vendorCall(t.app, 'CQ9', VENDOR_API_PATHS.win, {
      ...common,
      sessionId: fun.sessionId,
      transactionUuid: 'mixed-win',
      amount: '1000.00',
      isRoundClosed: true,
    });
    expect(win.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await balanceOf(t.app, member.cashAccountId)).toBe(90_00n);
  });
});

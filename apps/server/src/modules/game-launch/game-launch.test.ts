import { BETTING_RECORD_PATHS, bettingRecordResponse, personalProfitResponse } from '@kismat/contracts/betting-records';
import { CATALOGUE_PATHS, LAUNCH_PATHS, launchGameResponse, rankListResponse, recentGamesResponse } from '@kismat/contracts/catalogue';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import {
  DEMO_VENDOR_PATHS,
  demoRollResponse,
  demoSessionResponse,
  TRANSFER_WALLET_PATHS,
  VENDOR_API_PATHS,
} from '@kismat/contracts/vendor-wallet';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { games, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { TestApp } from '../../test/build-test-app';
import { merchantDay, updateMerchant } from '../../test/factories';
import { closeVerified, useTestApp } from '../../test/shop-fixture';
import { createFundedMember, firstGameOf, launchToken, vendorCall } from '../../test/vendor-test-kit';

describe('launching games, the DEMO vendor, betting records and transfer mode', () => {
  let t: TestApp;
  useTestApp(
    (built) => {
      t = built;
    },
    { close: closeVerified },
  );

  it('launches a third-party game into the DEMO client with a single-use token', async () => {
    const { client, token } = await createFundedMember(t.app, 10_00n);
    const game = await firstGameOf(t.app, 'AG');
    const response = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}&platform=html5-desktop`, { token });
    const value = launchGameResponse.parse(response.json()).value;
    expect(value).toMatchObject({ mode: 'iframe', isDemo: true, vassalage: 'AG', nodeId: game.id });
    expect(value.url.startsWith(DEMO_VENDOR_PATHS.client)).toBe(true);
    const launch = new URL(value.url, 'http://local').searchParams.get('token') ?? '';
    expect((await vendorCall(t.app, 'AG', VENDOR_API_PATHS.authenticate, { token: launch })).status).toBe('RS_OK');
    expect((await vendorCall(t.app, 'AG', VENDOR_API_PATHS.authenticate, { token: launch })).status).toBe('RS_ERROR_INVALID_TOKEN');
    // By code and vendor too; recent games list it.
    const byCode = await client.call('GET', `${LAUNCH_PATHS.launchGame}?gameCode=${game.gameCode}&vassalage=AG`, { token });
    expect(byCode.statusCode).toBe(200);
    const recent = recentGamesResponse.parse((await client.call('GET', CATALOGUE_PATHS.recentGames, { token })).json()).value;
    expect(recent.list[0]?.nodeId).toBe(game.id);
    expect(recent.pageSize).toBe(20);
  });

  it('an expired launch token is refused', async () => {
    const { client, token } = await createFundedMember(t.app, 0n);
    const game = await firstGameOf(t.app, 'AG');
    const launch = await launchToken(client, token, game.id);
    t.setNow(new Date(Date.now() + 10 * 60_000));
    try {
      expect((await vendorCall(t.app, 'AG', VENDOR_API_PATHS.authenticate, { token: launch })).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    } finally {
      t.setNow(new Date());
    }
  });

  it('refuses trial players, games in maintenance and disabled vendors', async () => {
    const trial = await createFundedMember(t.app, 0n, { type: MEMBER_TYPE.TRIAL });
    const game = await firstGameOf(t.app, 'BG');
    const refused = await trial.client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token: trial.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TRIAL_FORBIDDEN');

    const { client, token } = await createFundedMember(t.app, 0n);
    await t.app.db.update(games).set({ status: 'MAINTENANCE' }).where(eq(games.id, game.id));
    const maintenance = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token });
    expect(maintenance.statusCode).toBe(409);
    expect(maintenance.json()).toMatchObject({
      code: 'GAME_MAINTENANCE',
      message: 'This game is under maintenance, please try another game',
    });
    expect(maintenance.json().value.suggestions.length).toBeGreaterThan(0);
    await t.app.db.update(games).set({ status: 'ACTIVE' }).where(eq(games.id, game.id));

    await t.app.db.update(vendors).set({ status: 'DISABLED' }).where(eq(vendors.id, game.vendorId));
    const disabled = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token });
    expect(disabled.json().code).toBe('GAME_UNAVAILABLE');
    await t.app.db.update(vendors).set({ status: 'ACTIVE' }).where(eq(vendors.id, game.vendorId));

    // A lane the merchant switched off.
    const [lane] = await t.app.db
      .select({ id: vendorCategories.id })
      .from(vendorCategories)
      .where(eq(vendorCategories.vendorId, game.vendorId));
    if (!lane) throw new Error('no lane');
    await t.app.db.update(merchantVendorCategories).set({ isEnabled: false }).where(eq(merchantVendorCategories.vendorCategoryId, lane.id));
    const notOffered = await client.call('GET', `${LAUNCH_PATHS.launchGame}?nodeId=${game.id}`, { token });
    expect(notOffered.json().code).toBe('GAME_UNAVAILABLE');
    await t.app.db.update(merchantVendorCategories).set({ isEnabled: true }).where(eq(merchantVendorCategories.vendorCategoryId, lane.id));
  });

  it('plays DEMO dice rounds end to end; records, profit and the winner board follow', async () => {
    const { client, token, member } = await createFundedMember(t.app, 1_000_00n);
    const game = await firstGameOf(t.app, 'CQ9');
    const launch = await launchToken(client, token, game.id);
    const session = demoSessionResponse.parse(
      (await t.app.inject({ method: 'POST', url: DEMO_VENDOR_PATHS.session, payload: { token: launch, vendor: 'CQ9' } })).json(),
    ).value;
    expect(session.balance).toBe('1000.00');
    let expected = 1_000_00n;
    let wins = 0;
    for (let round = 0; round < 12; round += 1) {
      const answer = await t.app.inject({
        method: 'POST',
        url: DEMO_VENDOR_PATHS.roll,
        payload: { ...session, amount: '10.00', target: 90 },
      });
      const value = demoRollResponse.parse(answer.json()).value;
      expect(value.status).toBe('RS_OK');
      expected += -10_00n + BigInt(Math.round(Number(value.payout) * 100));
      if (value.isWin) wins += 1;
      expect(value.balance).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
    }
    const day = merchantDay();
    const records = bettingRecordResponse.parse(
      (await client.call('GET', `${BETTING_RECORD_PATHS.bettingRecord}?startDate=${day}&endDate=${day}&pageSize=5`, { token })).json(),
    ).value;
    expect(records.total).toBe(12);
    expect(records.list).toHaveLength(5);
    expect(records.totals.betAmount).toBe('120.00');
    expect(records.list[0]).toMatchObject({ vassalage: 'CQ9', status: 'CLOSED', betAmount: '10.00' });
    const profit = personalProfitResponse.parse(
      (await client.call('GET', `${BETTING_RECORD_PATHS.personalProfit}?startDate=${day}&endDate=${day}&vassalage=CQ9`, { token })).json(),
    ).value;
    expect(profit.totals).toMatchObject({ rounds: 12, betAmount: '120.00' });
    expect(Number(profit.totals.profit)).toBeCloseTo(Number(expected - 1_000_00n) / 100, 2);
    const tooLong = await client.call('GET', `${BETTING_RECORD_PATHS.bettingRecord}?startDate=2020-01-01&endDate=2021-01-01`, { token });
    expect(tooLong.statusCode).toBe(422);

    if (wins > 0) {
      const board = rankListResponse.parse((await t.app.inject({ url: `${CATALOGUE_PATHS.rankList}?gameCategory=ALL` })).json()).value;
      // Cached for a few seconds, so the real board may still be the DEMO one right after the first win.
      if (!board.isDemo) expect(board.list[0]?.vo.customerName).toContain(member.username.slice(0, 2));
    }
  });

  it('serves the DEMO client page and script', async () => {
    const page = await t.app.inject({ url: `${DEMO_VENDOR_PATHS.client}?token=x&vendor=AG&game=g` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('DEMO');
    expect((await t.app.inject({ url: DEMO_VENDOR_PATHS.clientScript })).statusCode).toBe(200);
  });

  it('transfer mode moves money main <-> vendor wallet through the ledger, once per requestId', async () => {
    const { client, token, merchant } = await createFundedMember(t.app, 50_00n);
    const single = await client.call('GET', TRANSFER_WALLET_PATHS.merchantWallet, { token });
    expect(single.json().value).toMatchObject({ isSingle: true, mainBalance: '50.00', wallets: [] });
    const refused = await client.call('POST', TRANSFER_WALLET_PATHS.walletTransfer, {
      token,
      body: { vassalage: 'AG', direction: 'IN', amount: '1.00', requestId: 'req-00000001' },
    });
    expect(refused.json().code).toBe('TRANSFER_WALLET_DISABLED');

    await updateMerchant(t.app, merchant.id, { settings: { isSingleWallet: false } });
    try {
      const body = { vassalage: 'AG', direction: 'IN', amount: '20.00', requestId: 'req-00000002' };
      const first = await client.call('POST', TRANSFER_WALLET_PATHS.walletTransfer, { token, body });
      expect(first.json().value).toMatchObject({ mainBalance: '30.00', vendorBalance: '20.00', isReplay: false });
      const again = await client.call('POST', TRANSFER_WALLET_PATHS.walletTransfer, { token, body });
      expect(again.json().value).toMatchObject({ mainBalance: '30.00', vendorBalance: '20.00', isReplay: true });
      const tooMuch = await client.call('POST', TRANSFER_WALLET_PATHS.walletTransfer, {
        token,
        body: { ...body, direction: 'OUT', amount: '20.01', requestId: 'req-00000003' },
      });
      expect(tooMuch.json().code).toBe('INSUFFICIENT_FUNDS');
      const out = await client.call('POST', TRANSFER_WALLET_PATHS.walletTransfer, {
        token,
        body: { ...body, direction: 'OUT', amount: '5.00', requestId: 'req-00000004' },
      });
      expect(out.json(), out.body).toMatchObject({ value: { mainBalance: '35.00', vendorBalance: '15.00' } });
      const wallet = await client.call('GET', TRANSFER_WALLET_PATHS.merchantWallet, { token });
      expect(wallet.json().value).toMatchObject({
        isSingle: false,
        mainBalance: '35.00',
        wallets: [{ vassalage: 'AG', balance: '15.00' }],
      });
    } finally {
      await updateMerchant(t.app, merchant.id, { settings: { isSingleWallet: true } });
    }
  });
});

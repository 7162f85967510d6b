import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorBets } from '../../../db/schema/aggregator-play';
import { aggregatorIntegrations } from '../../../db/schema/aggregators';
import { games, vendors } from '../../../db/schema/catalogue';
import { gameRounds } from '../../../db/schema/games';
import type { TestApp } from '../../../test/build-test-app';
import { createFundedMember } from '../../../test/vendor-test-kit';
import { type AggregatorContract, openAggregatorSession } from '../../vendor-wallet/index';
import { closeVerifiedVendorApp, openObservedVendorApp } from '../../vendor-wallet/vendor-wallet-test-kit';
import { getAccountBalance } from '../../wallet/get-account-balance';
import { registerHub88WalletRoutes } from './wallet-routes';
import { generateHub88KeyPair, type Hub88KeyPair, type Hub88Session, Hub88Simulator, signHub88Body } from './wallet-simulator';

/*
 * Hub88 Operator Wallet API conformance (docs.hub88.io, Operator API: Wallet API and "Seamless
 * Wallet response statuses"), against the real app on PostgreSQL through the fake Hub88
 * (wallet-simulator.ts) signing with a key pair generated here. Each case replays a documented
 * sequence; the ledger must verify at the end and no group-commit batch may have been replayed.
 * Amounts are Hub88 units: 100000 per currency unit, so 10.00 BDT is 1_000_000.
 */

const U = 1000; // Hub88 units per minor unit
const tx = () => randomUUID();

describe('Hub88 wallet adapter (conformance)', () => {
  let t: TestApp;
  const replayed: unknown[] = [];
  let keys: Hub88KeyPair;
  let hub88: Hub88Simulator;
  let contract: AggregatorContract;
  let otherContract: AggregatorContract;
  let gameCodes: string[];
  let gameIds: number[];

  beforeAll(async () => {
    t = await openObservedVendorApp(replayed, (app) => {
      // Wired by the aggregators index once agg-ops registers it; registered here when it is not.
      if (!app.hasRoute({ method: 'POST', url: '/aggregators/hub88/:merchant/:code/user/balance' }))
        void app.register(registerHub88WalletRoutes);
    });
    keys = generateHub88KeyPair();
    const merchant = await t.app.merchants.byCode('KISMAT');
    if (!merchant) throw new Error('no merchant');
    const insert = (code: string) =>
      t.app.db
        .insert(aggregatorIntegrations)
        .values({
          merchantId: merchant.id,
          code,
          protocol: 'hub88',
          name: `Hub88 ${code}`,
          isEnabled: true,
          baseUrl: 'http://fake-hub88.invalid',
          operatorRef: '1',
          inboundKey: keys.publicKeyPem,
          secretEnv: 'HUB88_TEST_PRIVATE_KEY',
          currencyMap: { BDT: 'BDT' },
        })
        .returning();
    const [row] = await insert('HUB88');
    const [other] = await insert('HUB88B');
    contract = { id: row!.id, merchantId: row!.merchantId, code: row!.code, protocol: 'hub88', isEnabled: true };
    otherContract = { id: other!.id, merchantId: other!.merchantId, code: other!.code, protocol: 'hub88', isEnabled: true };
    hub88 = new Hub88Simulator('/aggregators/hub88/KISMAT/HUB88', keys.privateKeyPem, async (url, payload, headers) => {
      const response = await t.app.inject({ method: 'POST', url, payload, headers });
      return { statusCode: response.statusCode, body: response.body };
    });
    const rows = await t.app.db
      .select({ id: games.id, code: games.gameCode })
      .from(games)
      .innerJoin(vendors, eq(vendors.id, games.vendorId))
      .where(eq(vendors.code, 'PT'))
      .orderBy(asc(games.id))
      .limit(2);
    gameCodes = rows.map((game) => game.code);
    gameIds = rows.map((game) => game.id);
  });
  afterAll(async () => {
    await closeVerifiedVendorApp(t, replayed);
  });

  /** A funded member with a Hub88 game session (as launch opens it). */
  async function player(cash: bigint, target: AggregatorContract = contract) {
    const funded = await createFundedMember(t.app, cash);
    const opened = await openAggregatorSession(t.app.db, {
      contract: target,
      memberId: funded.member.id,
      gameId: gameIds[0]!,
      currency: funded.merchant.currency,
      now: t.app.now(),
    });
    const session: Hub88Session = hub88.session({ token: opened.token, user: opened.user, gameCode: gameCodes[0]!, currency: 'BDT' });
    const cashOf = async () => (await getAccountBalance(t.app.db, funded.cashAccountId)).balance;
    return { ...funded, opened, session, cashOf };
  }

  it('happy round: info, balance, bet, win; answers carry user, request_uuid, currency and the balance x100000', async () => {
    const p = await player(100_00n);
    const info = await hub88.call('info', { user: p.opened.user });
    expect(info).toMatchObject({ status: 'RS_OK', user: p.opened.user, httpStatus: 200 });
    const balance = await p.session.balance();
    expect(balance).toMatchObject({ status: 'RS_OK', user: p.opened.user, currency: 'BDT', balance: 100_00 * U });
    expect(typeof balance.request_uuid).toBe('string');
    const round = tx();
    const bet = await p.session.bet({ transaction: tx(), round, amount: 10_00 * U });
    expect(bet).toMatchObject({ status: 'RS_OK', balance: 90_00 * U, currency: 'BDT' });
    const win = await p.session.win({ transaction: tx(), reference: 'x', round, amount: 25_00 * U });
    // A win must name the bet: an id we never saw does not exist.
    expect(win.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await p.cashOf()).toBe(90_00n);
  });

  it('happy round settles the round once; loss round with amount 0', async () => {
    const p = await player(100_00n);
    const round = tx();
    const betId = tx();
    expect((await p.session.bet({ transaction: betId, round, amount: 10_00 * U })).balance).toBe(90_00 * U);
    expect(await p.session.win({ transaction: tx(), reference: betId, round, amount: 25_50 * U })).toMatchObject({
      status: 'RS_OK',
      balance: 115_50 * U,
    });
    const [settled] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, round));
    expect(settled).toMatchObject({ status: 'CLOSED', betTotal: 10_00n, payoutTotal: 25_50n });
    expect(settled?.settledAt).not.toBeNull();
    const lost = tx();
    const lostBet = tx();
    await p.session.bet({ transaction: lostBet, round: lost, amount: 5_00 * U });
    expect(await p.session.win({ transaction: tx(), reference: lostBet, round: lost, amount: 0 })).toMatchObject({
      status: 'RS_OK',
      balance: 110_50 * U,
    });
    expect(await p.cashOf()).toBe(110_50n);
  });

  it('retries and duplicates: the same transaction_uuid gets the original answer; other content is RS_ERROR_DUPLICATE_TRANSACTION', async () => {
    const p = await player(100_00n);
    const round = tx();
    const betId = tx();
    const first = await p.session.bet({ transaction: betId, round, amount: 10_00 * U });
    expect(first.balance).toBe(90_00 * U);
    // Hub88's retry: a new request_uuid, the same transaction.
    const retry = await p.session.bet({ transaction: betId, round, amount: 10_00 * U });
    expect(retry).toMatchObject({ status: 'RS_OK', balance: 90_00 * U });
    expect(retry.request_uuid).not.toBe(first.request_uuid);
    expect((await p.session.bet({ transaction: betId, round, amount: 11_00 * U })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await p.session.bet({ transaction: betId, round: tx(), amount: 10_00 * U })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const winId = tx();
    expect((await p.session.win({ transaction: winId, reference: betId, round, amount: 20_00 * U })).balance).toBe(110_00 * U);
    await p.session.bet({ transaction: tx(), round: tx(), amount: 1_00 * U });
    // The repeat of the win answers its first balance (before the later bet), and pays nothing.
    expect(await p.session.win({ transaction: winId, reference: betId, round, amount: 20_00 * U })).toMatchObject({
      status: 'RS_OK',
      balance: 110_00 * U,
    });
    expect((await p.session.win({ transaction: winId, reference: betId, round, amount: 30_00 * U })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect(await p.cashOf()).toBe(109_00n);
  });

  it('a replay of a signed request (the same bytes and signature) gets the first answer and moves nothing', async () => {
    const p = await player(40_00n);
    const round = tx();
    const betId = tx();
    const payload = JSON.stringify({
      request_uuid: tx(),
      ...p.session.input,
      game_code: gameCodes[0],
      transaction_uuid: betId,
      round,
      round_closed: false,
      amount: 15_00 * U,
    });
    const signature = signHub88Body(keys.privateKeyPem, payload);
    expect((await hub88.call('bet', {}, { raw: payload, signature })).balance).toBe(25_00 * U);
    await p.session.bet({ transaction: tx(), round: tx(), amount: 5_00 * U });
    const replay = await hub88.call('bet', {}, { raw: payload, signature });
    expect(replay).toMatchObject({ status: 'RS_OK', balance: 25_00 * U });
    expect(await p.cashOf()).toBe(20_00n);
  });

  it('a retry arriving while the first call is still in flight (a timeout on Hub88 side) moves money once', async () => {
    const p = await player(50_00n);
    const round = tx();
    const betId = tx();
    const answers = await Promise.all([1, 2, 3].map(() => p.session.bet({ transaction: betId, round, amount: 10_00 * U })));
    expect(answers.map((answer) => [answer.status, answer.balance])).toEqual([
      ['RS_OK', 40_00 * U],
      ['RS_OK', 40_00 * U],
      ['RS_OK', 40_00 * U],
    ]);
    expect(await p.cashOf()).toBe(40_00n);
  });

  it('rollback before bet: RS_OK and a tombstone; the late bet is RS_ERROR_TRANSACTION_ROLLED_BACK and takes nothing', async () => {
    const p = await player(30_00n);
    const round = tx();
    const betId = tx();
    const rollback = await p.session.rollback({ transaction: tx(), reference: betId, round });
    expect(rollback).toMatchObject({ status: 'RS_OK', balance: 30_00 * U });
    expect((await p.session.bet({ transaction: betId, round, amount: 10_00 * U })).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await p.cashOf()).toBe(30_00n);
  });

  it('rollback refunds a bet (also without round); a repeat refunds once; a win after the rollback is RS_ERROR_TRANSACTION_ROLLED_BACK', async () => {
    const p = await player(30_00n);
    const round = tx();
    const betId = tx();
    await p.session.bet({ transaction: betId, round, amount: 10_00 * U });
    const rollbackId = tx();
    expect(await p.session.rollback({ transaction: rollbackId, reference: betId, round: null })).toMatchObject({
      status: 'RS_OK',
      balance: 30_00 * U,
    });
    expect((await p.session.rollback({ transaction: rollbackId, reference: betId, round: null })).status).toBe('RS_OK');
    expect((await p.session.win({ transaction: tx(), reference: betId, round, amount: 50_00 * U })).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    // Hub88 retrying the rolled-back bet gets the rollback, not a new stake.
    expect((await p.session.bet({ transaction: betId, round, amount: 10_00 * U })).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await p.cashOf()).toBe(30_00n);
  });

  it('win after close: a second win into a settled round and a rollback of its bet are refused and move nothing', async () => {
    const p = await player(30_00n);
    const round = tx();
    const betId = tx();
    await p.session.bet({ transaction: betId, round, amount: 10_00 * U });
    await p.session.win({ transaction: tx(), reference: betId, round, amount: 15_00 * U });
    const again = await p.session.win({ transaction: tx(), reference: betId, round, amount: 15_00 * U });
    expect(again).toMatchObject({ status: 'RS_ERROR_UNKNOWN', httpStatus: 200, balance: 35_00 * U });
    const refund = await p.session.rollback({ transaction: tx(), reference: betId, round });
    expect(refund.status).toBe('RS_ERROR_UNKNOWN');
    expect(refund.httpStatus).toBe(200);
    expect(await p.cashOf()).toBe(35_00n);
  });

  it('a win without a round settles its referenced bet’s round; a bet without a round is its own', async () => {
    const p = await player(30_00n);
    const round = tx();
    const betId = tx();
    await p.session.bet({ transaction: betId, round, amount: 10_00 * U });
    expect(await p.session.win({ transaction: tx(), reference: betId, round: null as unknown as string, amount: 12_00 * U })).toMatchObject(
      {
        status: 'RS_OK',
        balance: 32_00 * U,
      },
    );
    const lone = tx();
    await p.session.bet({ transaction: lone, round: null as unknown as string, amount: 2_00 * U });
    expect((await p.session.win({ transaction: tx(), reference: lone, round: null as unknown as string, amount: 3_00 * U })).balance).toBe(
      33_00 * U,
    );
    const [settled] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, round));
    expect(settled).toMatchObject({ betTotal: 10_00n, payoutTotal: 12_00n });
    expect(settled?.settledAt).not.toBeNull();
  });

  it('several wins per round with round_closed false, the last one closing it', async () => {
    const p = await player(30_00n);
    const round = tx();
    const betId = tx();
    await p.session.bet({ transaction: betId, round, amount: 10_00 * U });
    expect(
      (await p.session.win({ transaction: tx(), reference: betId, round, amount: 2_00 * U, extra: { round_closed: false } })).balance,
    ).toBe(22_00 * U);
    expect((await p.session.win({ transaction: tx(), reference: betId, round, amount: 3_00 * U })).balance).toBe(25_00 * U);
    expect((await p.session.win({ transaction: tx(), reference: betId, round, amount: 3_00 * U })).status).toBe('RS_ERROR_UNKNOWN');
  });

  it('free bets take no stake, keep their face value and meta; a supplier promo pays without a bet, once', async () => {
    const p = await player(20_00n);
    const round = tx();
    const betId = tx();
    const free = await p.session.bet({
      transaction: betId,
      round,
      amount: 5_00 * U,
      extra: { is_free: true, bet: 'freespin', supplier_user: 'cg_45141', meta: { selection: 'home', odds: '2.5' } },
    });
    expect(free).toMatchObject({ status: 'RS_OK', balance: 20_00 * U });
    expect((await p.session.win({ transaction: tx(), reference: betId, round, amount: 7_00 * U })).balance).toBe(27_00 * U);
    const [stored] = await t.app.db.select().from(aggregatorBets).where(eq(aggregatorBets.transactionUuid, betId));
    expect(stored).toMatchObject({ kind: 'BET', isFree: true, faceAmount: 5_00n, betType: 'freespin', supplierUser: 'cg_45141' });
    expect(stored?.meta).toEqual({ selection: 'home', odds: '2.5' });
    const [round_] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, round));
    expect(stored?.roundId).toBe(round_?.id);
    expect(round_).toMatchObject({ betTotal: 0n, payoutTotal: 7_00n });

    const promoId = tx();
    const promo = { transaction: promoId, reference: tx(), round: tx(), amount: 4_00 * U, extra: { is_supplier_promo: true } };
    expect(await p.session.win(promo)).toMatchObject({ status: 'RS_OK', balance: 31_00 * U });
    expect(await p.session.win(promo)).toMatchObject({ status: 'RS_OK', balance: 31_00 * U });
    const [promoRow] = await t.app.db.select().from(aggregatorBets).where(eq(aggregatorBets.transactionUuid, promoId));
    expect(promoRow).toMatchObject({ kind: 'PROMO', isSupplierPromo: true, faceAmount: 4_00n });
    // Without the promo flag the same shape is a win on a bet that never existed.
    expect((await p.session.win({ ...promo, transaction: tx(), reference: tx(), extra: {} })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await p.cashOf()).toBe(31_00n);
  });

  it('unknown token, another contract’s token and another user are RS_ERROR_INVALID_TOKEN', async () => {
    const p = await player(20_00n);
    expect((await hub88.session({ ...p.session.input, token: 'not-a-token' }).balance()).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(
      (await hub88.session({ ...p.session.input, user: '999999999' }).bet({ transaction: tx(), round: tx(), amount: U * 100 })).status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
    // A session of the merchant's other Hub88 contract, sent under this contract's URL and key.
    const other = await player(20_00n, otherContract);
    expect((await other.session.bet({ transaction: tx(), round: tx(), amount: 1_00 * U })).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(await p.cashOf()).toBe(20_00n);
    expect(await other.cashOf()).toBe(20_00n);
  });

  it('expired session: a new bet is RS_ERROR_TOKEN_EXPIRED; the late win and a rollback are accepted', async () => {
    const p = await player(50_00n);
    const round = tx();
    const betId = tx();
    const otherBet = tx();
    const otherRound = tx();
    await p.session.bet({ transaction: betId, round, amount: 10_00 * U });
    await p.session.bet({ transaction: otherBet, round: otherRound, amount: 5_00 * U });
    t.setNow(new Date(Date.now() + 5 * 60 * 60_000));
    try {
      expect((await p.session.bet({ transaction: tx(), round: tx(), amount: 1_00 * U })).status).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect(await p.session.win({ transaction: tx(), reference: betId, round, amount: 30_00 * U })).toMatchObject({
        status: 'RS_OK',
        balance: 65_00 * U,
      });
      expect((await p.session.rollback({ transaction: tx(), reference: otherBet, round: otherRound })).balance).toBe(70_00 * U);
      expect((await p.session.balance()).balance).toBe(70_00 * U);
    } finally {
      t.setNow(undefined as unknown as Date);
    }
  });

  it('bad signature: another key, a changed body, no header: RS_ERROR_INVALID_SIGNATURE and nothing moves', async () => {
    const p = await player(20_00n);
    const stranger = generateHub88KeyPair();
    const body = { ...p.session.input, game_code: gameCodes[0], transaction_uuid: tx(), round: tx(), amount: 5_00 * U, currency: 'BDT' };
    expect((await hub88.call('bet', body, { privateKeyPem: stranger.privateKeyPem })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const signed = JSON.stringify({ request_uuid: tx(), ...body });
    const tampered = signed.replace(`"amount":${5_00 * U}`, `"amount":${1_00 * U}`);
    expect(tampered).not.toBe(signed);
    expect((await hub88.call('bet', {}, { raw: tampered, signature: signHub88Body(keys.privateKeyPem, signed) })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await hub88.call('bet', body, { signature: '' })).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // An unknown contract in the URL.
    const unknown = new Hub88Simulator('/aggregators/hub88/KISMAT/NOPE', keys.privateKeyPem, async (url, payload, headers) => {
      const response = await t.app.inject({ method: 'POST', url, payload, headers });
      return { statusCode: response.statusCode, body: response.body };
    });
    expect((await unknown.call('bet', body)).status).toBe('RS_ERROR_INVALID_PARTNER');
    expect(await p.cashOf()).toBe(20_00n);
  });

  it('wrong currency, not enough money (with the real balance), sub-cent and non-integer amounts are refused', async () => {
    const p = await player(20_00n);
    const round = tx();
    expect((await p.session.bet({ transaction: tx(), round, amount: 1_00 * U, extra: { currency: 'EUR' } })).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    const poor = await p.session.bet({ transaction: tx(), round, amount: 25_00 * U });
    expect(poor).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 20_00 * U });
    // 10.005 BDT: half a minor unit. Refused, never rounded.
    expect((await p.session.bet({ transaction: tx(), round, amount: 10_00 * U + 500 })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await p.session.bet({ transaction: tx(), round, amount: 10.5 })).status).toBe('RS_ERROR_WRONG_TYPES');
    expect((await p.session.bet({ transaction: tx(), round, amount: '1000' as unknown as number })).status).toBe('RS_ERROR_WRONG_TYPES');
    // Required fields missing (token, transaction_uuid, amount...).
    expect((await hub88.call('bet', { user: p.opened.user })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect((await hub88.call('bet', {}, { raw: '{not json' })).status).toBe('RS_ERROR_WRONG_SYNTAX');
    expect(await p.cashOf()).toBe(20_00n);
  });

  it('a live lobby switches games inside one session; an unknown game is RS_ERROR_INVALID_GAME', async () => {
    const p = await player(20_00n);
    const switched = hub88.session({ ...p.session.input, gameCode: gameCodes[1]! });
    const round = tx();
    const betId = tx();
    expect((await switched.bet({ transaction: betId, round, amount: 2_00 * U })).status).toBe('RS_OK');
    expect((await switched.win({ transaction: tx(), reference: betId, round, amount: 4_00 * U })).balance).toBe(22_00 * U);
    const [played] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, round));
    expect(played?.gameId).toBe(gameIds[1]);
    const nope = hub88.session({ ...p.session.input, gameCode: 'no-such-game' });
    expect((await nope.bet({ transaction: tx(), round: tx(), amount: 1_00 * U })).status).toBe('RS_ERROR_INVALID_GAME');
    expect(await p.cashOf()).toBe(22_00n);
  });

  it('user/info of an unknown user is not RS_OK; a disabled contract is RS_ERROR_INVALID_PARTNER', async () => {
    expect((await hub88.call('info', { user: '999999999' })).status).toBe('RS_ERROR_UNKNOWN');
    const p = await player(10_00n);
    await t.app.db
      .update(aggregatorIntegrations)
      .set({ isEnabled: false })
      .where(and(eq(aggregatorIntegrations.id, contract.id)));
    // Contracts are cached for 5 s (like vendor rows): the switch applies within that.
    await new Promise((resolve) => setTimeout(resolve, 5100));
    try {
      expect((await p.session.balance()).status).toBe('RS_ERROR_INVALID_PARTNER');
    } finally {
      await t.app.db.update(aggregatorIntegrations).set({ isEnabled: true }).where(eq(aggregatorIntegrations.id, contract.id));
    }
  }, 15_000);
});

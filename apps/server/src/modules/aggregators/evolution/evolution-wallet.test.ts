import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregatorIntegrations } from '../../../db/schema/aggregators';
import { merchants } from '../../../db/schema/merchants';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { useRealClock } from '../../../test/factories';
import { AGGREGATOR_SESSION_MS } from '../../vendor-wallet/index';
import { closeVerifiedVendorApp } from '../../vendor-wallet/vendor-wallet-test-kit';
import { getAccountBalance } from '../../wallet/index';
import { createEvolutionFixture, type EvolutionFixture, type EvolutionPlayer, openEvolutionPlayer } from './evolution-test-kit';

/*
 * Conformance of the Evolution One Wallet adapter, on Postgres, written from the protocol's
 * documented sequences (the names are those of Evolution's own integration test scenarios:
 * DEBIT_CREDIT, DEBIT_BET_ALREADY_EXIST, DEBIT_CANCEL_CREDIT, CANCEL_DEBIT_BEFORE..., ...). The
 * calls are sent by the FAKE Evolution game server's wallet driver in the protocol's exact shape.
 * After all of them no group-commit batch had to be replayed call by call and the ledger verifies.
 */

const id = () => randomUUID().replace(/-/g, '');

describe('Evolution One Wallet adapter (conformance)', () => {
  let t: TestApp;
  let fixture: EvolutionFixture;
  const replayed: unknown[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    t.app.vendorBatcher.observe((report) => {
      if (report.outcome === 'replayed') replayed.push(report.error);
    });
    fixture = await createEvolutionFixture(t.app);
  });
  afterAll(async () => {
    delete process.env[fixture.secretEnv];
    await closeVerifiedVendorApp(t, replayed);
  });

  const cashOf = async (player: EvolutionPlayer) => (await getAccountBalance(t.app.db, player.cashAccountId)).balance;
  const open = (cash: bigint) => openEvolutionPlayer(t.app, fixture, cash);

  it('check validates sid and userId and keeps the sid; balance answers cash and a zero bonus', async () => {
    const player = await open(100_00n);
    const other = await open(5_00n);
    const check = await player.driver.check();
    expect(check).toMatchObject({ status: 'OK', sid: player.sid, httpStatus: 200 });
    expect(typeof check.uuid).toBe('string');
    expect(await player.driver.balance()).toMatchObject({ status: 'OK', balance: 100, bonus: 0 });
    // A live sid with another player's id: INVALID_PARAMETER (CHECK_USING_INVALID_USER_ID); an unknown sid: INVALID_SID.
    expect(await player.driver.check({ userId: String(other.memberId) })).toMatchObject({ status: 'INVALID_PARAMETER' });
    expect(await player.driver.check({ sid: id() })).toMatchObject({ status: 'INVALID_SID' });
  });

  it('DEBIT_CREDIT: a debit takes the stake, the credit of its refId pays, amounts are decimals', async () => {
    const player = await open(100_00n);
    const refId = id();
    const debit = await player.driver.transaction('debit', { id: id(), refId, amount: 10.5 }, id());
    expect(debit).toMatchObject({ status: 'OK', balance: 89.5, bonus: 0, uuid: expect.any(String) });
    const credit = await player.driver.transaction('credit', { id: id(), refId, amount: 25 }, id());
    expect(credit).toMatchObject({ status: 'OK', balance: 114.5, bonus: 0 });
    expect(await cashOf(player)).toBe(114_50n);
  });

  it('DEBIT_BET_ALREADY_EXIST: the same transaction id again moves nothing and answers the same balance', async () => {
    const player = await open(50_00n);
    const refId = id();
    const debit = { id: id(), refId, amount: 4.79 };
    expect(await player.driver.transaction('debit', debit, id())).toMatchObject({ status: 'OK', balance: 45.21 });
    // Other content under the same id: the debit exists.
    expect(await player.driver.transaction('debit', { ...debit, amount: 4.16 }, id())).toMatchObject({
      status: 'BET_ALREADY_EXIST',
      balance: 45.21,
    });
    // The exact retry (a timeout on Evolution's side): the first answer's balance, nothing taken twice.
    const retry = await player.driver.transaction('debit', debit, id());
    expect(['OK', 'BET_ALREADY_EXIST']).toContain(retry.status);
    expect(retry.balance).toBe(45.21);
    expect(await cashOf(player)).toBe(45_21n);
    // The bet still settles normally.
    expect(await player.driver.transaction('credit', { id: id(), refId, amount: 3.64 }, id())).toMatchObject({
      status: 'OK',
      balance: 48.85,
    });
  });

  it('a credit for a refId never debited is BET_DOES_NOT_EXIST and pays nothing', async () => {
    const player = await open(10_00n);
    const credit = await player.driver.transaction('credit', { id: id(), refId: id(), amount: 5 }, id());
    expect(credit.status).toBe('BET_DOES_NOT_EXIST');
    expect(await cashOf(player)).toBe(10_00n);
  });

  it('DEBIT_CREDIT_BET_ALREADY_SETTLED: a second credit of the refId is refused; a retried credit pays once', async () => {
    const player = await open(60_00n);
    const refId = id();
    await player.driver.transaction('debit', { id: id(), refId, amount: 5 }, id());
    const credit = { id: id(), refId, amount: 0.89 };
    expect(await player.driver.transaction('credit', credit, id())).toMatchObject({ status: 'OK', balance: 55.89 });
    const retry = await player.driver.transaction('credit', credit, id());
    expect(['OK', 'BET_ALREADY_SETTLED']).toContain(retry.status);
    expect(retry.balance).toBe(55.89);
    // BET_ALREADY_SETTLED_UNEXPECTED: another credit id for the settled refId.
    expect(await player.driver.transaction('credit', { id: id(), refId, amount: 2.86 }, id())).toMatchObject({
      status: 'BET_ALREADY_SETTLED',
    });
    expect(await cashOf(player)).toBe(55_89n);
  });

  it('CREDIT_WITH_ZERO_AMOUNT settles a lost bet; a later credit is BET_ALREADY_SETTLED', async () => {
    const player = await open(20_00n);
    const refId = id();
    await player.driver.transaction('debit', { id: id(), refId, amount: 1.44 }, id());
    expect(await player.driver.transaction('credit', { id: id(), refId, amount: 0 }, id())).toMatchObject({ status: 'OK', balance: 18.56 });
    expect((await player.driver.transaction('credit', { id: id(), refId, amount: 9 }, id())).status).toBe('BET_ALREADY_SETTLED');
    expect(await cashOf(player)).toBe(18_56n);
  });

  it('DEBIT_CANCEL and DEBIT_CANCEL_CREDIT: the cancel refunds, a repeated cancel and a later credit are BET_ALREADY_SETTLED', async () => {
    const player = await open(30_00n);
    const debit = { id: id(), refId: id(), amount: 8.81 };
    await player.driver.transaction('debit', debit, id());
    // The cancel repeats the debit's id, refId and amount (Evolution's examples).
    expect(await player.driver.transaction('cancel', debit, id())).toMatchObject({ status: 'OK', balance: 30 });
    expect((await player.driver.transaction('cancel', debit, id())).status).toBe('BET_ALREADY_SETTLED');
    expect((await player.driver.transaction('credit', { id: id(), refId: debit.refId, amount: 21.44 }, id())).status).toBe(
      'BET_ALREADY_SETTLED',
    );
    // A debit retried after its cancel is final: it takes nothing.
    expect((await player.driver.transaction('debit', debit, id())).status).toBe('FINAL_ERROR_ACTION_FAILED');
    expect(await cashOf(player)).toBe(30_00n);
  });

  it('DEBIT_CREDIT_CANCEL: a cancel after the credit is BET_ALREADY_SETTLED and the stake stays taken', async () => {
    const player = await open(30_00n);
    const debit = { id: id(), refId: id(), amount: 4.73 };
    await player.driver.transaction('debit', debit, id());
    expect(await player.driver.transaction('credit', { id: id(), refId: debit.refId, amount: 2.08 }, id())).toMatchObject({
      status: 'OK',
      balance: 27.35,
    });
    expect((await player.driver.transaction('cancel', debit, id())).status).toBe('BET_ALREADY_SETTLED');
    expect(await cashOf(player)).toBe(27_35n);
  });

  it('a cancel before its debit is BET_DOES_NOT_EXIST and the late debit is FINAL_ERROR_ACTION_FAILED', async () => {
    const player = await open(15_00n);
    const debit = { id: id(), refId: id(), amount: 2.7 };
    expect((await player.driver.transaction('cancel', debit, id())).status).toBe('BET_DOES_NOT_EXIST');
    expect((await player.driver.transaction('debit', debit, id())).status).toBe('FINAL_ERROR_ACTION_FAILED');
    expect(await player.driver.balance()).toMatchObject({ status: 'OK', balance: 15 });
  });

  it('MULTI_STEP_GAME: two debits in one game round, one cancelled, the other credited; two debits of one refId settle together', async () => {
    const player = await open(100_00n);
    const gameId = id();
    const first = { id: id(), refId: id(), amount: 2.6 };
    const second = { id: id(), refId: id(), amount: 3.95 };
    await player.driver.transaction('debit', first, gameId);
    expect(await player.driver.transaction('debit', second, gameId)).toMatchObject({ status: 'OK', balance: 93.45 });
    expect(await player.driver.transaction('credit', { id: id(), refId: first.refId, amount: 2.38 }, gameId)).toMatchObject({
      status: 'OK',
      balance: 95.83,
    });
    expect(await player.driver.transaction('cancel', second, gameId)).toMatchObject({ status: 'OK', balance: 99.78 });

    // Blackjack: a double down is a second debit under the hand's refId; one credit settles the hand.
    const hand = id();
    await player.driver.transaction('debit', { id: id(), refId: hand, amount: 5 }, gameId);
    await player.driver.transaction('debit', { id: id(), refId: hand, amount: 5 }, gameId);
    expect(await player.driver.transaction('credit', { id: id(), refId: hand, amount: 20 }, gameId)).toMatchObject({
      status: 'OK',
      balance: 109.78,
    });
    expect(await cashOf(player)).toBe(109_78n);
  });

  it('a lobby switch: a debit at another table of the studio in the same session is taken', async () => {
    const player = await open(10_00n);
    const refId = id();
    const otherTable = { game: { id: id(), type: 'blackjack', details: { table: { id: fixture.tables[1], vid: null } } } };
    expect(await player.driver.transaction('debit', { id: id(), refId, amount: 1 }, id(), otherTable)).toMatchObject({
      status: 'OK',
      balance: 9,
    });
    expect(await player.driver.transaction('credit', { id: id(), refId, amount: 2 }, id(), otherTable)).toMatchObject({
      status: 'OK',
      balance: 11,
    });
    const unknownTable = { game: { id: id(), type: 'roulette', details: { table: { id: 'no-such-table', vid: null } } } };
    expect((await player.driver.transaction('debit', { id: id(), refId: id(), amount: 1 }, id(), unknownTable)).status).toBe(
      'INVALID_PARAMETER',
    );
  });

  it('promo_payout pays without a debit, once per promoTransaction id', async () => {
    const player = await open(10_00n);
    const promo = { type: 'JackpotWin', id: id(), amount: 50 };
    expect(await player.driver.promoPayout(promo)).toMatchObject({ status: 'OK', balance: 60, bonus: 0 });
    const again = await player.driver.promoPayout(promo);
    expect(['OK', 'BET_ALREADY_SETTLED']).toContain(again.status);
    expect(again.balance).toBe(60);
    // The same promo id with another amount is already paid.
    expect((await player.driver.promoPayout({ ...promo, amount: 70 })).status).toBe('BET_ALREADY_SETTLED');
    expect(await player.driver.promoPayout({ type: 'FreeRoundPlayableSpent', id: id(), amount: 1.25, voucherId: 'v-1' })).toMatchObject({
      status: 'OK',
      balance: 61.25,
    });
    expect(await cashOf(player)).toBe(61_25n);
  });

  it('a wrong, missing or other contract authToken is INVALID_TOKEN_ID and moves nothing', async () => {
    const player = await open(10_00n);
    const debit = { id: id(), refId: id(), amount: 1 };
    expect((await player.driver.transaction('debit', debit, id(), {}, 'not-the-token')).status).toBe('INVALID_TOKEN_ID');
    expect((await player.driver.transaction('debit', debit, id(), {}, '')).status).toBe('INVALID_TOKEN_ID');
    const unknownContract = await t.app.inject({
      method: 'POST',
      url: `/aggregators/evolution/${fixture.merchantCode}/NOPE/debit?authToken=${fixture.authToken}`,
      payload: { sid: player.sid, userId: String(player.memberId), currency: fixture.currency, uuid: id(), transaction: debit },
    });
    expect(unknownContract.json()).toMatchObject({ status: 'INVALID_TOKEN_ID' });
    // Unauthenticated, even a malformed body learns only INVALID_TOKEN_ID.
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/aggregators/evolution/${fixture.merchantCode}/${fixture.contract.code}/debit?authToken=x`,
      payload: '{"sid":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.json().status).toBe('INVALID_TOKEN_ID');
    expect(await cashOf(player)).toBe(10_00n);
  });

  it('a disabled contract refuses every call', async () => {
    const player = await open(10_00n);
    await t.app.db.update(aggregatorIntegrations).set({ isEnabled: false }).where(eq(aggregatorIntegrations.id, fixture.contract.id));
    try {
      // The contract cache holds 5 s: move the clock past it.
      t.setNow(new Date(Date.now() + 6_000));
      expect((await player.driver.balance()).status).toBe('INVALID_TOKEN_ID');
    } finally {
      await t.app.db.update(aggregatorIntegrations).set({ isEnabled: true }).where(eq(aggregatorIntegrations.id, fixture.contract.id));
      t.setNow(new Date(Date.now() + 12_000));
      expect((await player.driver.balance()).status).toBe('OK');
      useRealClock(t);
    }
  });

  it('a wrong currency, a malformed body and sub-cent amounts are INVALID_PARAMETER and move nothing', async () => {
    const player = await open(10_00n);
    expect((await player.driver.transaction('debit', { id: id(), refId: id(), amount: 1 }, id(), { currency: 'EUR' })).status).toBe(
      'INVALID_PARAMETER',
    );
    expect(
      (await player.driver.balance().then(() => player.driver.transaction('debit', { id: id(), refId: id(), amount: -1 }, id()))).status,
    ).toBe('INVALID_PARAMETER');
    // Sub-cent rule: 0.403604 is not a whole number of minor units: refused, never rounded.
    const refId = id();
    expect((await player.driver.transaction('debit', { id: id(), refId, amount: 0.403604 }, id())).status).toBe('INVALID_PARAMETER');
    await player.driver.transaction('debit', { id: id(), refId, amount: 1 }, id());
    expect((await player.driver.transaction('credit', { id: id(), refId, amount: 1.005 }, id())).status).toBe('INVALID_PARAMETER');
    expect((await player.driver.promoPayout({ type: 'JackpotWin', id: id(), amount: 0.001 })).status).toBe('INVALID_PARAMETER');
    const noTransaction = await player.driver.transaction('debit', { id: id(), refId: id(), amount: 1 }, id(), { transaction: null });
    expect(noTransaction.status).toBe('INVALID_PARAMETER');
    // Unknown fields (Evolution's test tool adds some) are ignored.
    expect(await player.driver.transaction('credit', { id: id(), refId, amount: 0 }, id(), { someFakeField: 'x' })).toMatchObject({
      status: 'OK',
      balance: 9,
    });
    expect(await cashOf(player)).toBe(9_00n);
  });

  it('INSUFFICIENT_FUNDS answers the real balance and stores nothing; the same debit succeeds once funded', async () => {
    const player = await open(7_25n);
    const debit = { id: id(), refId: id(), amount: 7.26 };
    expect(await player.driver.transaction('debit', debit, id())).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 7.25 });
    expect(await player.driver.promoPayout({ type: 'JackpotWin', id: id(), amount: 0.01 })).toMatchObject({ status: 'OK', balance: 7.26 });
    expect(await player.driver.transaction('debit', debit, id())).toMatchObject({ status: 'OK', balance: 0 });
  });

  it('an expired session takes no new debit but settles the earlier one', async () => {
    const player = await open(10_00n);
    const refId = id();
    await player.driver.transaction('debit', { id: id(), refId, amount: 2 }, id());
    // Bets slide the session (AGGREGATOR_SESSION_MS from the last one): past it, the sid takes no new bet.
    t.setNow(new Date(Date.now() + AGGREGATOR_SESSION_MS + 60_000));
    try {
      expect((await player.driver.transaction('debit', { id: id(), refId: id(), amount: 1 }, id())).status).toBe('INVALID_SID');
      expect((await player.driver.check()).status).toBe('INVALID_SID');
      expect(await player.driver.transaction('credit', { id: id(), refId, amount: 5 }, id())).toMatchObject({ status: 'OK', balance: 13 });
      expect(await player.driver.balance()).toMatchObject({ status: 'OK', balance: 13 });
    } finally {
      useRealClock(t);
    }
  });

  it('timeouts: a debit resent while the first is in flight, and a credit resent after it was answered, move money once', async () => {
    const player = await open(20_00n);
    const debit = { id: id(), refId: id(), amount: 3 };
    const gameId = id();
    // Evolution's game server timed out and resent: both copies arrive together.
    const answers = await Promise.all([
      player.driver.transaction('debit', debit, gameId),
      player.driver.transaction('debit', debit, gameId),
    ]);
    for (const answer of answers) expect(answer.balance).toBe(17);
    expect(answers.some((answer) => answer.status === 'OK')).toBe(true);
    const credit = { id: id(), refId: debit.refId, amount: 6 };
    const paid = await Promise.all([
      player.driver.transaction('credit', credit, gameId),
      player.driver.transaction('credit', credit, gameId),
    ]);
    for (const answer of paid) expect(answer.balance).toBe(23);
    expect(await cashOf(player)).toBe(23_00n);
    // A debit Evolution gave up on (no answer reached it) is cancelled: the cancel refunds it.
    const lost = { id: id(), refId: id(), amount: 4 };
    await player.driver.transaction('debit', lost, gameId);
    expect(await player.driver.transaction('cancel', lost, gameId)).toMatchObject({ status: 'OK', balance: 23 });
  });

  it('parallel debits on one balance never overdraw it', async () => {
    const player = await open(10_00n);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => player.driver.transaction('debit', { id: id(), refId: id(), amount: 1 }, id())),
    );
    expect(answers.filter((answer) => answer.status === 'OK')).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 'INSUFFICIENT_FUNDS')).toHaveLength(15);
    expect(await cashOf(player)).toBe(0n);
  });

  it("the member site's maintenance does not stop Evolution settling bets placed before it", async () => {
    const player = await open(10_00n);
    const refId = id();
    await player.driver.transaction('debit', { id: id(), refId, amount: 2 }, id());
    await t.app.db.update(merchants).set({ isMaintenance: true }).where(eq(merchants.id, fixture.merchantId));
    t.app.merchants.invalidate();
    try {
      expect(await player.driver.transaction('credit', { id: id(), refId, amount: 3 }, id())).toMatchObject({ status: 'OK', balance: 11 });
    } finally {
      await t.app.db.update(merchants).set({ isMaintenance: false }).where(eq(merchants.id, fixture.merchantId));
      t.app.merchants.invalidate();
    }
  });

  it("another contract's session is an unknown sid here", async () => {
    const other = await createEvolutionFixture(t.app);
    try {
      const player = await openEvolutionPlayer(t.app, other, 10_00n);
      // The sid of contract B sent to contract A's endpoint with A's token.
      const answer = await fixture.send(
        'debit',
        {
          sid: player.sid,
          userId: String(player.memberId),
          currency: fixture.currency,
          game: { id: id(), type: 'roulette', details: { table: { id: other.tables[0], vid: null } } },
          transaction: { id: id(), refId: id(), amount: 1 },
          uuid: id(),
        },
        fixture.authToken,
      );
      expect(answer.status).toBe('INVALID_SID');
      expect(await cashOf(player)).toBe(10_00n);
    } finally {
      delete process.env[other.secretEnv];
    }
  });
});

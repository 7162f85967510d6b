import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { VENDOR_API_PATHS, VENDOR_HEADERS, vendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import { ledgerTransfers } from '../../db/schema/ledger';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { useRealClock } from '../../test/factories';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import { verifyLedger } from '../wallet/verify-ledger';
import { signVendorPayload } from './vendor-signature';

const VENDOR = 'PT';
const id = () => randomUUID();

describe('vendor seamless wallet API', () => {
  let t: TestApp;
  // Bets and wins go through the group commit; none of these calls may need the call-by-call replay.
  const replayed: unknown[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    t.app.vendorBatcher.observe((report) => {
      if (report.outcome === 'replayed') replayed.push(report.error);
    });
  });
  afterAll(async () => {
    expect(replayed).toEqual([]);
    const report = await verifyLedger(t.app.db);
    expect(report.ok, JSON.stringify(report.samples)).toBe(true);
    await t.close();
  });

  it('authenticates once with the launch token; a second exchange is refused', async () => {
    const opened = await openVendorSession(t.app, VENDOR, 100_00n);
    const again = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.authenticate, { token: opened.launch });
    expect(again.status).toBe('RS_ERROR_INVALID_TOKEN');
    const balance = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.balance, {
      sessionId: opened.session.sessionId,
      user: opened.session.user,
    });
    expect(balance).toMatchObject({ status: 'RS_OK', balance: '100.00', currency: 'BDT' });
    const otherVendor = await vendorCall(t.app, 'AG', VENDOR_API_PATHS.balance, {
      sessionId: opened.session.sessionId,
      user: opened.session.user,
    });
    expect(otherVendor.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('refuses a bad signature, an unknown vendor and a stale timestamp, moving nothing', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 50_00n);
    const bet = { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' };
    const forged = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet, { secret: 'not-the-secret' });
    expect(forged.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const stale = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet, { timestamp: Date.now() - 120_000 });
    expect(stale.status).toBe('RS_ERROR_REQUEST_EXPIRED');
    const unknown = await t.app.inject({
      method: 'POST',
      url: VENDOR_API_PATHS.bet,
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-vendor-code': 'NOPE' },
    });
    expect(unknown.json().status).toBe('RS_ERROR_INVALID_PARTNER');
    // A body changed after signing fails, even with the same transaction.
    const signedFor = JSON.stringify({ requestUuid: id(), ...bet, amount: '1.00' });
    const tampered = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {}, { raw: signedFor.replace('"1.00"', '"9.00"'), secret: 'x' });
    expect(tampered.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(50_00n);
  });

  it('bet and win are idempotent by transaction id; same id with other details is refused', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 100_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '10.00' };
    const first = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    expect(first).toMatchObject({ status: 'RS_OK', balance: '90.00' });
    const replay = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    expect(replay).toMatchObject({ status: 'RS_OK', balance: '90.00' });
    const changed = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...bet, amount: '11.00' });
    expect(changed.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');

    const win = { ...session, transactionUuid: id(), roundId, amount: '25.50', referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).toMatchObject({ status: 'RS_OK', balance: '115.50' });
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).toMatchObject({ status: 'RS_OK', balance: '115.50' });
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...win, amount: '99.00' })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );

    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(round).toMatchObject({ status: 'CLOSED', betTotal: 10_00n, payoutTotal: 25_50n, betCount: 1 });
    // A bet into a closed round is refused.
    const late = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...bet, transactionUuid: id() });
    expect(late.status).toBe('RS_ERROR_ROUND_CLOSED');
  });

  it('a win for an unknown round does not exist', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 10_00n);
    const win = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' });
    expect(win.status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  });

  it('not enough money answers with the real balance and leaves nothing', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 7_25n);
    const bet = { ...session, transactionUuid: id(), roundId: id(), amount: '7.26' };
    const refused = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    expect(refused).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '7.25' });
    const [row] = await t.app.db.select().from(vendorTransactions).where(eq(vendorTransactions.vendorTransactionId, bet.transactionUuid));
    expect(row).toBeUndefined();
  });

  it('rollback of a bet refunds it; rollback before the bet leaves a tombstone and the late bet is refused', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 20_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '8.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    const rollback = { ...session, transactionUuid: id(), roundId, referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).toMatchObject({ status: 'RS_OK', balance: '20.00' });
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).toMatchObject({ status: 'RS_OK', balance: '20.00' });
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(round).toMatchObject({ betTotal: 0n, betCount: 0 });

    const ghostBet = id();
    const early = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
      ...session,
      transactionUuid: id(),
      roundId: id(),
      referenceTransactionUuid: ghostBet,
    });
    expect(early).toMatchObject({ status: 'RS_OK', balance: '20.00' });
    const lateBet = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: ghostBet,
      roundId: id(),
      amount: '3.00',
    });
    expect(lateBet.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(20_00n);
  });

  it('wins and rollbacks settle after the session expired; bets do not', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 30_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '10.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    const other = { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, other);
    t.setNow(new Date(Date.now() + 3 * 60 * 60_000));
    try {
      expect(
        (await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId: id(), amount: '1.00' }))
          .status,
      ).toBe('RS_ERROR_TOKEN_EXPIRED');
      expect(
        await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...session, transactionUuid: id(), roundId, amount: '40.00' }),
      ).toMatchObject({ status: 'RS_OK', balance: '55.00' });
      const rolled = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
        ...session,
        transactionUuid: id(),
        roundId: other.roundId,
        referenceTransactionUuid: other.transactionUuid,
      });
      expect(rolled).toMatchObject({ status: 'RS_OK', balance: '60.00' });
    } finally {
      useRealClock(t);
    }
  });

  it('rejects malformed bodies with RS_ERROR_WRONG_SYNTAX', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 1_00n);
    const bad = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: id(),
      roundId: id(),
      amount: '1.001',
    });
    expect(bad.status).toBe('RS_ERROR_WRONG_SYNTAX');
    const notJson = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {}, { raw: '{not json' });
    expect(notJson.status).toBe('RS_ERROR_WRONG_SYNTAX');
  });

  it('50 parallel bets on one balance never overdraw', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId: id(), amount: '3.00' }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 'RS_OK').length;
    const refused = answers.filter((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY').length;
    expect(accepted).toBe(33);
    expect(refused).toBe(17);
    const balance = await getAccountBalance(t.app.db, cashAccountId);
    expect(balance.balance).toBe(100_00n - 33n * 3_00n);
    const rows = await t.app.db
      .select()
      .from(vendorTransactions)
      .where(and(eq(vendorTransactions.memberId, Number(session.user)), eq(vendorTransactions.kind, 'BET')));
    expect(rows).toHaveLength(33);
  });

  it('one bet sent 10 times at once moves once; 10 bets into one round at once all add up', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 50_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '1.05' };
    const repeats = await Promise.all(Array.from({ length: 10 }, () => vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)));
    expect(repeats.map((answer) => `${answer.status} ${answer.balance}`)).toEqual(Array(10).fill('RS_OK 48.95'));
    const others = await Promise.all(
      Array.from({ length: 10 }, () =>
        vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId, amount: '0.05' }),
      ),
    );
    expect(others.every((answer) => answer.status === 'RS_OK')).toBe(true);
    expect(others.map((answer) => answer.balance).sort()).toContain('48.45');
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(round).toMatchObject({ status: 'OPEN', betTotal: 1_55n, betCount: 11 });
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(50_00n - 1_55n);
  });

  /*
   * Per-bet state (issue 11, findings 4 and 7; vendor-bet-state.ts): signed calls as a game
   * provider sends them, through the group commit. Each refused call leaves the player's cash,
   * every ledger transfer and the round's totals as they were, stores nothing under its id, and
   * the ledger verifies.
   */

  /** What a refused call must leave alone. */
  async function moneyOf(cashAccountId: number, roundId: string) {
    const [transfers] = await t.app.db.select({ total: count() }).from(ledgerTransfers);
    const [round] = await t.app.db
      .select({
        status: gameRounds.status,
        betTotal: gameRounds.betTotal,
        payoutTotal: gameRounds.payoutTotal,
        betCount: gameRounds.betCount,
        settledAt: gameRounds.settledAt,
      })
      .from(gameRounds)
      .where(eq(gameRounds.vendorRoundId, roundId));
    return { cash: (await getAccountBalance(t.app.db, cashAccountId)).balance, transfers: transfers?.total, round };
  }

  /** The ids among these that have a stored row (a refused call stores none, so a retry is judged afresh). */
  async function storedIds(ids: string[]) {
    const rows = await t.app.db
      .select({ id: vendorTransactions.vendorTransactionId })
      .from(vendorTransactions)
      .where(inArray(vendorTransactions.vendorTransactionId, ids));
    return rows.map((row) => row.id);
  }

  async function expectLedgerSound() {
    const report = await verifyLedger(t.app.db);
    expect(report.ok, JSON.stringify(report.samples)).toBe(true);
  }

  it('a win naming a rolled-back bet answers rolled back and pays nothing (bet 20, rollback, win 40)', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '20.00' };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).toMatchObject({ status: 'RS_OK', balance: '80.00' });
    const rollback = { ...session, transactionUuid: id(), roundId, referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).toMatchObject({ status: 'RS_OK', balance: '100.00' });
    // A rollback that came before its bet (a tombstone) names a rolled-back bet too.
    const ghost = id();
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
      ...session,
      transactionUuid: id(),
      roundId,
      referenceTransactionUuid: ghost,
    });
    const before = await moneyOf(cashAccountId, roundId);

    const named = { ...session, transactionUuid: id(), roundId, amount: '40.00', referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, named)).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' });
    // Without a reference the round has no live bet left to win on.
    const unnamed = { ...session, transactionUuid: id(), roundId, amount: '40.00' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, unnamed)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    const onGhost = { ...session, transactionUuid: id(), roundId, amount: '40.00', referenceTransactionUuid: ghost };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, onGhost)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');

    expect(await moneyOf(cashAccountId, roundId)).toEqual(before);
    expect(before).toMatchObject({ cash: 100_00n, round: { betTotal: 0n, payoutTotal: 0n, betCount: 0, settledAt: null } });
    expect(await storedIds([named.transactionUuid, unnamed.transactionUuid, onGhost.transactionUuid])).toEqual([]);
    await expectLedgerSound();
  });

  it("a win naming a bet that never existed, another round's or another player's bet is refused, though its round exists", async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 50_00n);
    const other = await openVendorSession(t.app, VENDOR, 50_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '10.00' };
    const elsewhere = { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' };
    const othersBet = { ...other.session, transactionUuid: id(), roundId: id(), amount: '5.00' };
    for (const call of [bet, elsewhere, othersBet])
      expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, call)).status).toBe('RS_OK');
    const before = await moneyOf(cashAccountId, roundId);

    const refused: string[] = [];
    for (const reference of [id(), elsewhere.transactionUuid, othersBet.transactionUuid]) {
      const win = { ...session, transactionUuid: id(), roundId, amount: '1.00', referenceTransactionUuid: reference };
      refused.push(win.transactionUuid);
      expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    }
    expect(await moneyOf(cashAccountId, roundId)).toEqual(before);
    expect(await storedIds(refused)).toEqual([]);
    // The round's own bet is still open: its win is paid.
    const win = { ...session, transactionUuid: id(), roundId, amount: '1.00', referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).toMatchObject({ status: 'RS_OK', balance: '36.00' });
    await expectLedgerSound();
  });

  it('a second win with a new id into a settled round is refused; wins that keep the round open are not', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '10.00' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
    // Free spins: several wins on one bet, the last one closes (and settles) the round.
    const wins = [
      { amount: '2.00', isRoundClosed: false, referenceTransactionUuid: bet.transactionUuid, balance: '92.00' },
      { amount: '3.00', isRoundClosed: false, balance: '95.00' },
      { amount: '3.00', balance: '98.00' },
    ];
    for (const { balance, ...win } of wins) {
      expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...session, transactionUuid: id(), roundId, ...win })).toMatchObject({
        status: 'RS_OK',
        balance,
      });
    }
    const before = await moneyOf(cashAccountId, roundId);

    const late = [
      { ...session, transactionUuid: id(), roundId, amount: '3.00' },
      { ...session, transactionUuid: id(), roundId, amount: '3.00', referenceTransactionUuid: bet.transactionUuid },
      { ...session, transactionUuid: id(), roundId, amount: '3.00', isRoundClosed: false },
    ];
    for (const win of late) expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).status).toBe('RS_ERROR_ALREADY_SETTLED');
    expect(await moneyOf(cashAccountId, roundId)).toEqual(before);
    expect(await storedIds(late.map((win) => win.transactionUuid))).toEqual([]);
    expect(before.round).toMatchObject({ status: 'CLOSED', payoutTotal: 8_00n, settledAt: expect.any(Date) });

    // A round its bet closed still takes its win, which settles it.
    const oneShot = id();
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: id(),
      roundId: oneShot,
      amount: '1.00',
      isRoundClosed: true,
    });
    const settling = { ...session, transactionUuid: id(), roundId: oneShot, amount: '1.50' };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, settling)).toMatchObject({ status: 'RS_OK', balance: '98.50' });
    const again = { ...session, transactionUuid: id(), roundId: oneShot, amount: '1.50' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, again)).status).toBe('RS_ERROR_ALREADY_SETTLED');
    // A repeat of the settling win is still its first answer.
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, settling)).toMatchObject({ status: 'RS_OK', balance: '98.50' });
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(98_50n);
    await expectLedgerSound();
  });

  it("a rollback must name the bet in the bet's own round", async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '20.00' };
    const elsewhere = { ...session, transactionUuid: id(), roundId: id(), amount: '5.00' };
    for (const call of [bet, elsewhere]) expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, call)).status).toBe('RS_OK');
    const before = await moneyOf(cashAccountId, roundId);

    const mismatched = [
      { ...session, transactionUuid: id(), roundId: elsewhere.roundId, referenceTransactionUuid: bet.transactionUuid },
      { ...session, transactionUuid: id(), roundId: id(), referenceTransactionUuid: bet.transactionUuid },
    ];
    for (const rollback of mismatched)
      expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await moneyOf(cashAccountId, roundId)).toEqual(before);
    expect(await storedIds(mismatched.map((rollback) => rollback.transactionUuid))).toEqual([]);
    const [row] = await t.app.db.select().from(vendorTransactions).where(eq(vendorTransactions.vendorTransactionId, bet.transactionUuid));
    expect(row?.rolledBackAt).toBeNull();

    const rollback = { ...session, transactionUuid: id(), roundId, referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).toMatchObject({ status: 'RS_OK', balance: '95.00' });
    await expectLedgerSound();
  });

  it('a rollback of a bet whose round was won is refused and moves no money (bet 20, win 40, rollback)', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '20.00' };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet)).status).toBe('RS_OK');
    const win = { ...session, transactionUuid: id(), roundId, amount: '40.00', referenceTransactionUuid: bet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, win)).toMatchObject({ status: 'RS_OK', balance: '120.00' });
    const before = await moneyOf(cashAccountId, roundId);

    const rollback = { ...session, transactionUuid: id(), roundId, referenceTransactionUuid: bet.transactionUuid };
    expect((await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, rollback)).status).toBe('RS_ERROR_ALREADY_SETTLED');
    expect(await moneyOf(cashAccountId, roundId)).toEqual(before);
    expect(await storedIds([rollback.transactionUuid])).toEqual([]);
    const [row] = await t.app.db.select().from(vendorTransactions).where(eq(vendorTransactions.vendorTransactionId, bet.transactionUuid));
    expect(row?.rolledBackAt).toBeNull();

    // An open round with a win paid on it: the same, until its win is rolled back first.
    const open = id();
    const openBet = { ...session, transactionUuid: id(), roundId: open, amount: '10.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, openBet);
    const partial = { ...session, transactionUuid: id(), roundId: open, amount: '5.00', isRoundClosed: false };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, partial)).toMatchObject({ status: 'RS_OK', balance: '115.00' });
    const early = { ...session, transactionUuid: id(), roundId: open, referenceTransactionUuid: openBet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, early)).toMatchObject({ status: 'RS_ERROR_ALREADY_SETTLED' });
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(115_00n);
    const undoWin = { ...session, transactionUuid: id(), roundId: open, referenceTransactionUuid: partial.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, undoWin)).toMatchObject({ status: 'RS_OK', balance: '110.00' });
    const undoBet = { ...session, transactionUuid: id(), roundId: open, referenceTransactionUuid: openBet.transactionUuid };
    expect(await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, undoBet)).toMatchObject({ status: 'RS_OK', balance: '120.00' });
    await expectLedgerSound();
  });

  it("an amount above the ledger's maximum is a final syntax error, not a failure to retry (issue 11, finding 14)", async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 10_00n);
    const roundId = id();
    const huge = '999999999999999.99';
    for (const path of [VENDOR_API_PATHS.bet, VENDOR_API_PATHS.win]) {
      const answer = await vendorCall(t.app, VENDOR, path, { ...session, transactionUuid: id(), roundId, amount: huge });
      expect(answer).toMatchObject({ httpStatus: 200, status: 'RS_ERROR_WRONG_SYNTAX', message: 'invalid: amount' });
    }
    // The largest amount the ledger takes is valid syntax (and more than the player has).
    const largest = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, {
      ...session,
      transactionUuid: id(),
      roundId,
      amount: '999999999999.99',
    });
    expect(largest).toMatchObject({ httpStatus: 200, status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '10.00' });
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(10_00n);
    await expectLedgerSound();
  });

  it('while the app is closing a vendor gets its own answer shape with a retryable 503 (issue 11, finding 14)', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 10_00n);
    const vendor = await t.app.vendorDirectory.find(VENDOR);
    const payload = JSON.stringify({ requestUuid: id(), ...session, transactionUuid: id(), roundId: id(), amount: '1.00' });
    const timestamp = String(Date.now());
    t.app.isClosing = true;
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: VENDOR_API_PATHS.bet,
        payload,
        headers: {
          'content-type': 'application/json',
          [VENDOR_HEADERS.vendor]: VENDOR,
          [VENDOR_HEADERS.timestamp]: timestamp,
          [VENDOR_HEADERS.signature]: signVendorPayload(vendor?.apiSecret ?? '', timestamp, payload),
        },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(vendorResponse.parse(response.json())).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
    } finally {
      t.app.isClosing = false;
    }
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(10_00n);
  });
});

describe('vendor seamless wallet API during a real shutdown', () => {
  it('a call arriving on an open connection while the server closes answers the vendor shape, 503, retryable', async () => {
    const t = await buildTestApp();
    let closing: Promise<void> | undefined;
    try {
      const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 10_00n);
      const vendor = await t.app.vendorDirectory.find(VENDOR);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      const requestOf = (path: string, body: Record<string, unknown>) => {
        const payload = JSON.stringify({ requestUuid: id(), ...body });
        const timestamp = String(Date.now());
        const head = [
          `POST ${path} HTTP/1.1`,
          'Host: 127.0.0.1',
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(payload)}`,
          `${VENDOR_HEADERS.vendor}: ${VENDOR}`,
          `${VENDOR_HEADERS.timestamp}: ${timestamp}`,
          `${VENDOR_HEADERS.signature}: ${signVendorPayload(vendor?.apiSecret ?? '', timestamp, payload)}`,
        ].join('\r\n');
        return { head: `${head}\r\n\r\n`, payload };
      };
      const connection = connect({ host: '127.0.0.1', port: address.port });
      await new Promise((resolve) => connection.once('connect', resolve));
      let received = '';
      const ended = new Promise<void>((resolve) => {
        connection.on('data', (chunk) => {
          received += chunk.toString('utf8');
        });
        connection.on('close', () => resolve());
      });
      // A balance call in flight (headers sent, body not yet) keeps the connection open through the close.
      const inFlight = requestOf(VENDOR_API_PATHS.balance, { sessionId: session.sessionId, user: session.user });
      connection.write(inFlight.head);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // What main.ts does on SIGTERM.
      t.app.isClosing = true;
      closing = t.app.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const late = requestOf(VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId: id(), amount: '1.00' });
      connection.write(inFlight.payload + late.head + late.payload);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      connection.destroy();

      const answers = received.split(/(?=HTTP\/1\.1 )/);
      expect(answers).toHaveLength(2);
      expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
      const [head, body] = (answers[1] ?? '').split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 503 /);
      expect(head?.toLowerCase()).toContain('retry-after: 1');
      expect(vendorResponse.parse(JSON.parse(body ?? ''))).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
      await closing;
      expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(10_00n);
    } finally {
      await (closing ?? t.app.close());
      await t.database.close();
    }
  });
});

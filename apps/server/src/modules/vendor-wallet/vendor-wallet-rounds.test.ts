import { randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import { ledgerTransfers } from '../../db/schema/ledger';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import { verifyLedger } from '../wallet/verify-ledger';
import { useObservedVendorApp } from './vendor-wallet-test-kit';

const VENDOR = 'PT';
const id = () => randomUUID();

describe('vendor seamless wallet API', () => {
  // Bets and wins go through the group commit; none of these calls may need the call-by-call replay.
  const t = useObservedVendorApp();

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
});

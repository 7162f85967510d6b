import { randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import { ledgerTransfers } from '../../db/schema/ledger';
import { rowsOf } from '../../platform/sql-values';
import type { TestApp } from '../../test/build-test-app';
import { useVendorBatchApp } from '../../test/vendor-batch-kit';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import { prepareVendorBet } from './place-vendor-bet';
import { settleVendorBatch } from './settle-vendor-batch';
import { prepareVendorWin } from './settle-vendor-win';
import { VendorError } from './vendor-error';

/*
 * The batch writes each call's final rows once (settle-vendor-batch.ts): a bet's round is opened
 * with the bet in it, and a call's vendor_transactions row is inserted at the end with its round,
 * transfer and answer (no claim row updated later). An id stored by another transaction while the
 * batch runs (a rollback's TOMBSTONE, a duplicate elsewhere) makes the batch roll back and replay
 * each call alone, so the stored row decides, as when the batch claimed the id first.
 */

const VENDOR = 'PT';
const id = () => randomUUID();

describe('vendor batch: final rows written once', () => {
  let t: TestApp;
  const { reports, callOf } = useVendorBatchApp(VENDOR, (built) => {
    t = built;
  });

  const statusOf = (outcome: PromiseSettledResult<VendorResponse>) =>
    outcome.status === 'fulfilled'
      ? `${outcome.value.status} ${outcome.value.balance}`
      : outcome.reason instanceof VendorError
        ? outcome.reason.status
        : String(outcome.reason);

  /** Holds a cash row in a transaction of its own until `release`, and resolves `waiting` once another backend waits on a lock. */
  function holdCashRow(cashAccountId: number) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM ledger_accounts WHERE id = ${cashAccountId} FOR UPDATE`);
      locked();
      await released;
    });
    const waiting = async () => {
      await isLocked;
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const rows = rowsOf<{ n: unknown }>(
          await t.app.db.execute(
            sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                 WHERE a.datname = current_database() AND NOT l.granted`,
          ),
        );
        if (Number(rows[0]?.n ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the batch never waited');
    };
    const end = async () => {
      release();
      await holder;
    };
    return { waiting, release: end };
  }

  it('a bet opens its round with the bet in it, closed if it closes it; each call row holds its round, transfer and answer', async () => {
    const { session } = await openVendorSession(t.app, VENDOR, 10_00n);
    const call = await callOf();
    const open = { ...session, requestUuid: id(), transactionUuid: id(), roundId: id(), amount: '1.25' };
    const closing = { ...session, requestUuid: id(), transactionUuid: id(), roundId: id(), amount: '2.00', isRoundClosed: true };
    const bets = await Promise.all([prepareVendorBet(call, open), prepareVendorBet(call, closing)]);
    const outcomes = await settleVendorBatch(t.app.db, bets);
    expect(outcomes.map((outcome) => ('response' in outcome ? outcome.response.balance : outcome.error.status))).toEqual(['8.75', '6.75']);

    const [openRound] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, open.roundId));
    expect(openRound).toMatchObject({ status: 'OPEN', betTotal: 1_25n, betCount: 1, payoutTotal: 0n, closedAt: null, settledAt: null });
    const [closedRound] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, closing.roundId));
    expect(closedRound).toMatchObject({ status: 'CLOSED', betTotal: 2_00n, betCount: 1, settledAt: null });
    expect(closedRound!.closedAt).toEqual(closedRound!.openedAt);

    const [row] = await t.app.db.select().from(vendorTransactions).where(eq(vendorTransactions.vendorTransactionId, open.transactionUuid));
    const [transfer] = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `vendor:${VENDOR}:${open.transactionUuid}`));
    expect(row).toMatchObject({
      kind: 'BET',
      amount: 1_25n,
      memberId: bets[0]!.session.memberId,
      roundId: openRound!.id,
      ledgerTransferId: transfer!.id,
      requestHash: bets[0]!.requestHash,
      referenceTransactionId: null,
      rolledBackAt: null,
    });
    expect(row!.response).toMatchObject({ status: 'RS_OK', balance: '8.75' });

    // The round opened by the batch takes the win of a later batch (an UPDATE of a committed row).
    const win = await prepareVendorWin(call, {
      ...session,
      requestUuid: id(),
      transactionUuid: id(),
      roundId: open.roundId,
      amount: '3.00',
      isRoundClosed: true,
      referenceTransactionUuid: open.transactionUuid,
    });
    const [won] = await settleVendorBatch(t.app.db, [win]);
    expect(won).toMatchObject({ response: { status: 'RS_OK', balance: '9.75' } });
    const [settled] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, open.roundId));
    expect(settled).toMatchObject({ status: 'CLOSED', betTotal: 1_25n, payoutTotal: 3_00n, betCount: 1 });
    expect(settled!.settledAt).not.toBeNull();
    const [winRow] = await t.app.db
      .select()
      .from(vendorTransactions)
      .where(eq(vendorTransactions.vendorTransactionId, win.request.transactionUuid));
    expect(winRow).toMatchObject({ kind: 'WIN', amount: 3_00n, roundId: openRound!.id, referenceTransactionId: open.transactionUuid });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'a rollback tombstones the id while the batch waits: the batch replays, the bet is refused and leaves nothing',
    async () => {
      t.app.vendorBatcher.options.windowMs = 50;
      const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 10_00n);
      const call = await callOf();
      const bet = { ...session, requestUuid: id(), transactionUuid: id(), roundId: id(), amount: '4.00' };
      const hold = holdCashRow(cashAccountId);
      const answer = Promise.allSettled([t.app.vendorBatcher.submit(await prepareVendorBet(call, bet))]);
      await hold.waiting();
      // The vendor gives up on the bet and rolls it back: nothing is stored under its id yet.
      const rollback = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
        ...session,
        transactionUuid: id(),
        roundId: bet.roundId,
        referenceTransactionUuid: bet.transactionUuid,
      });
      expect(rollback.status).toBe('RS_OK');
      await hold.release();
      const [outcome] = await answer;
      expect(statusOf(outcome!)).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect(reports.map((report) => report.outcome)).toEqual(['replayed']);
      expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(10_00n);
      const [stored] = await t.app.db
        .select()
        .from(vendorTransactions)
        .where(eq(vendorTransactions.vendorTransactionId, bet.transactionUuid));
      expect(stored?.kind).toBe('TOMBSTONE');
      expect(await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, bet.roundId))).toHaveLength(0);
      expect(
        await t.app.db
          .select()
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.idempotencyKey, `vendor:${VENDOR}:${bet.transactionUuid}`)),
      ).toHaveLength(0);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'a repeat stored by another transaction while the batch waits, refused in the batch: replayed and answered from the stored row',
    async () => {
      t.app.vendorBatcher.options.windowMs = 50;
      const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 2_00n);
      const call = await callOf();
      const bet = { ...session, requestUuid: id(), transactionUuid: id(), roundId: id(), amount: '3.00' };
      const prepared = await prepareVendorBet(call, bet);
      const hold = holdCashRow(cashAccountId);
      const answer = Promise.allSettled([t.app.vendorBatcher.submit(prepared)]);
      await hold.waiting();
      // Another node answered the same call meanwhile (its row as the one-call path stores it).
      await t.app.db.insert(vendorTransactions).values({
        merchantId: prepared.session.merchantId,
        vendorId: call.vendor.vendorId,
        vendorTransactionId: bet.transactionUuid,
        kind: 'BET',
        memberId: prepared.session.memberId,
        amount: prepared.amount,
        requestHash: prepared.requestHash,
        response: { status: 'RS_OK', user: session.user, currency: session.currency, balance: '1.23', requestUuid: bet.requestUuid },
      });
      await hold.release();
      const [outcome] = await answer;
      // Not the batch's RS_ERROR_NOT_ENOUGH_MONEY: the id is a repeat.
      expect(statusOf(outcome!)).toBe('RS_OK 1.23');
      expect(reports.map((report) => report.outcome)).toEqual(['replayed']);
      expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(2_00n);
      expect(await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, bet.roundId))).toHaveLength(0);
      // The stored row is not one of the ledger's: take it away again so the ledger verifies.
      await t.app.db.delete(vendorTransactions).where(eq(vendorTransactions.vendorTransactionId, bet.transactionUuid));
    },
  );
});

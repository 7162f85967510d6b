import { randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import { ledgerTransfers } from '../../db/schema/ledger';
import type { Tx } from '../../platform/db';
import type { TestApp } from '../../test/build-test-app';
import { driverQueriesDuring } from '../../test/driver-queries';
import { useVendorBatchApp } from '../../test/vendor-batch-kit';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';
import { prepareVendorBet } from './place-vendor-bet';
import { settleVendorBatch } from './settle-vendor-batch';
import { prepareVendorWin } from './settle-vendor-win';
import { settleVendorCallAlone } from './vendor-batch';
import { VendorError } from './vendor-error';

/*
 * The group commit of bets and wins (vendor-batch.ts, settle-vendor-batch.ts): what lands in one
 * batch, what waits for the next, what a refused call leaves (nothing), and that a failing batch
 * is replayed call by call. Batches are observed through app.vendorBatcher; a long window makes
 * "in one batch" deterministic. The ledger verifies after all.
 */

const VENDOR = 'PT';
const id = () => randomUUID();

describe('vendor wallet group commit', () => {
  let t: TestApp;
  const { reports, callOf } = useVendorBatchApp(VENDOR, (built) => {
    t = built;
  });

  /** Settles: every answer or vendor error of a list of submitted calls, in order. */
  async function answersOf(promises: Promise<VendorResponse>[]): Promise<string[]> {
    const settled = await Promise.allSettled(promises);
    return settled.map((result) => {
      if (result.status === 'fulfilled') return `${result.value.status} ${result.value.balance}`;
      const error = result.reason;
      if (error instanceof VendorError) return `${error.status} ${error.extra.balance ?? ''}`.trim();
      throw error;
    });
  }

  it('50 bets on one balance in one batch: exactly the affordable ones pass, in arrival order', async () => {
    t.app.vendorBatcher.options.windowMs = 2000;
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId: id(), amount: '3.00' }),
      ),
    );
    expect(reports).toEqual([{ size: 50, outcome: 'committed' }]);
    const accepted = answers.filter((answer) => answer.status === 'RS_OK');
    const refused = answers.filter((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY');
    expect(accepted).toHaveLength(33);
    expect(refused).toHaveLength(17);
    // Each accepted bet answers its own step of the chain; each refused one the real balance after the batch.
    expect(accepted.map((answer) => answer.balance).sort()).toEqual(
      Array.from({ length: 33 }, (_unused, index) => ((100_00 - (index + 1) * 3_00) / 100).toFixed(2)).sort(),
    );
    expect(new Set(refused.map((answer) => answer.balance))).toEqual(new Set(['1.00']));
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(1_00n);
    const rows = await t.app.db
      .select()
      .from(vendorTransactions)
      .where(and(eq(vendorTransactions.memberId, Number(session.user)), eq(vendorTransactions.kind, 'BET')));
    expect(rows).toHaveLength(33);
    // A refused bet leaves no round behind either.
    const rounds = await t.app.db
      .select()
      .from(gameRounds)
      .where(eq(gameRounds.memberId, Number(session.user)));
    expect(rounds).toHaveLength(33);
    expect(rounds.every((round) => round.betTotal === 3_00n && round.betCount === 1)).toBe(true);
  });

  it('a batch of bets is 6 statements: BEGIN, 4 set-based statements (the wallet leg locks folded in), COMMIT', async () => {
    const players = await Promise.all(Array.from({ length: 3 }, () => openVendorSession(t.app, VENDOR, 10_00n)));
    const call = await callOf();
    const batchOf = async () => {
      const rounds = players.map(() => id());
      const bets = await Promise.all(
        players.map(({ session }, index) =>
          prepareVendorBet(call, { ...session, requestUuid: id(), transactionUuid: id(), roundId: rounds[index]!, amount: '1.00' }),
        ),
      );
      return bets;
    };
    // The first batch fills the account shape cache (a cold cache may read the accounts once).
    await settleVendorBatch(t.app.db, await batchOf());
    const bets = await batchOf();
    const { outcomes, statements } = await countBatchStatements(t.app, () => settleVendorBatch(t.app.db, bets));
    expect(outcomes.map((outcome) => ('response' in outcome ? outcome.response.status : outcome.error.status))).toEqual([
      'RS_OK',
      'RS_OK',
      'RS_OK',
    ]);
    expect(statements).toBe(6);
  });

  it('the same transaction id twice in one window: the second waits for the next batch and replays', async () => {
    t.app.vendorBatcher.options.windowMs = 500;
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 20_00n);
    const call = await callOf();
    const bet = { ...session, requestUuid: id(), transactionUuid: id(), roundId: id(), amount: '2.50', isRoundClosed: false };
    const prepared = await Promise.all([prepareVendorBet(call, bet), prepareVendorBet(call, { ...bet, requestUuid: id() })]);
    const changed = await prepareVendorBet(call, { ...bet, requestUuid: id(), amount: '2.60' });
    const answers = await answersOf([...prepared, changed].map((item) => t.app.vendorBatcher.submit(item)));
    expect(answers).toEqual(['RS_OK 17.50', 'RS_OK 17.50', 'RS_ERROR_DUPLICATE_TRANSACTION']);
    expect(reports).toEqual([
      { size: 1, outcome: 'committed' },
      { size: 1, outcome: 'committed' },
      { size: 1, outcome: 'committed' },
    ]);
    const transfers = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `vendor:${VENDOR}:${bet.transactionUuid}`));
    expect(transfers).toHaveLength(1);
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(17_50n);
  });

  it('a bet and its win in one window: the win goes to the next batch and finds the round', async () => {
    t.app.vendorBatcher.options.windowMs = 300;
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 10_00n);
    const other = await openVendorSession(t.app, VENDOR, 10_00n);
    const call = await callOf();
    const roundId = id();
    const bet = await prepareVendorBet(call, { ...session, requestUuid: id(), transactionUuid: id(), roundId, amount: '4.00' });
    const win = await prepareVendorWin(call, {
      ...session,
      requestUuid: id(),
      transactionUuid: id(),
      roundId,
      amount: '9.00',
      isRoundClosed: true,
    });
    // Another player's bet shares the first batch.
    const neighbour = await prepareVendorBet(call, {
      ...other.session,
      requestUuid: id(),
      transactionUuid: id(),
      roundId: id(),
      amount: '1.00',
    });
    const answers = await answersOf([bet, win, neighbour].map((item) => t.app.vendorBatcher.submit(item)));
    expect(answers).toEqual(['RS_OK 6.00', 'RS_OK 15.00', 'RS_OK 9.00']);
    expect(reports).toEqual([
      { size: 2, outcome: 'committed' },
      { size: 1, outcome: 'committed' },
    ]);
    const [round] = await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, roundId));
    expect(round).toMatchObject({ status: 'CLOSED', betTotal: 4_00n, payoutTotal: 9_00n, betCount: 1 });
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(15_00n);
  });

  it('a batch with refused calls: they leave nothing, their neighbours commit', async () => {
    t.app.vendorBatcher.options.windowMs = 300;
    const rich = await openVendorSession(t.app, VENDOR, 50_00n);
    const poor = await openVendorSession(t.app, VENDOR, 2_00n);
    const call = await callOf();
    const richRound = id();
    const poorBet = { ...poor.session, requestUuid: id(), transactionUuid: id(), roundId: id(), amount: '2.01' };
    const prepared = [
      await prepareVendorBet(call, { ...rich.session, requestUuid: id(), transactionUuid: id(), roundId: richRound, amount: '5.00' }),
      await prepareVendorBet(call, poorBet),
      // A win for a round nobody bet in.
      await prepareVendorWin(call, {
        ...poor.session,
        requestUuid: id(),
        transactionUuid: id(),
        roundId: id(),
        amount: '1.00',
        isRoundClosed: true,
      }),
      await prepareVendorBet(call, { ...poor.session, requestUuid: id(), transactionUuid: id(), roundId: id(), amount: '0.50' }),
    ];
    const answers = await answersOf(prepared.map((item) => t.app.vendorBatcher.submit(item)));
    expect(answers).toEqual(['RS_OK 45.00', 'RS_ERROR_NOT_ENOUGH_MONEY 1.50', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'RS_OK 1.50']);
    expect(reports).toEqual([{ size: 4, outcome: 'committed' }]);
    const [refusedRow] = await t.app.db
      .select()
      .from(vendorTransactions)
      .where(eq(vendorTransactions.vendorTransactionId, poorBet.transactionUuid));
    expect(refusedRow).toBeUndefined();
    expect(await t.app.db.select().from(gameRounds).where(eq(gameRounds.vendorRoundId, poorBet.roundId))).toHaveLength(0);
    expect((await getAccountBalance(t.app.db, poor.cashAccountId)).balance).toBe(1_50n);
    // Refused for lack of money, the same bet succeeds once funded enough (here: it is retried smaller-funded, still refused).
    const retried = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, poorBet);
    expect(retried).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '1.50' });
  });

  it('a batch that fails as a whole rolls back and replays each call alone', async () => {
    t.app.vendorBatcher.options.windowMs = 300;
    const good = await openVendorSession(t.app, VENDOR, 10_00n);
    const bad = await openVendorSession(t.app, VENDOR, 10_00n);
    const call = await callOf();
    const goodBet = await prepareVendorBet(call, {
      ...good.session,
      requestUuid: id(),
      transactionUuid: id(),
      roundId: id(),
      amount: '3.00',
    });
    const badBet = await prepareVendorBet(call, {
      ...bad.session,
      requestUuid: id(),
      transactionUuid: id(),
      roundId: id(),
      amount: '3.00',
    });
    // A counter account that does not exist: the ledger refuses the posting, the whole batch fails.
    badBet.counterId = 2_000_000_000;
    const settled = await Promise.allSettled([goodBet, badBet].map((item) => t.app.vendorBatcher.submit(item)));
    expect(reports.map((report) => `${report.size} ${report.outcome}`)).toEqual(['2 replayed']);
    expect(settled[0]).toMatchObject({ status: 'fulfilled', value: { status: 'RS_OK', balance: '7.00' } });
    expect(settled[1]).toMatchObject({ status: 'rejected', reason: { code: 'LEDGER_INVALID_TRANSFER' } });
    expect((await getAccountBalance(t.app.db, good.cashAccountId)).balance).toBe(7_00n);
    expect((await getAccountBalance(t.app.db, bad.cashAccountId)).balance).toBe(10_00n);
    const [badRow] = await t.app.db
      .select()
      .from(vendorTransactions)
      .where(eq(vendorTransactions.vendorTransactionId, badBet.request.transactionUuid));
    expect(badRow).toBeUndefined();
  });

  it('bets and wins of many players over HTTP settle in shared batches and add up', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => openVendorSession(t.app, VENDOR, 30_00n)));
    await Promise.all(
      players.map(async ({ session }) => {
        for (let round = 0; round < 5; round += 1) {
          const roundId = id();
          const bet = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: id(), roundId, amount: '2.00' });
          expect(bet.status).toBe('RS_OK');
          const win = await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, { ...session, transactionUuid: id(), roundId, amount: '1.50' });
          expect(win.status).toBe('RS_OK');
        }
      }),
    );
    for (const player of players) expect((await getAccountBalance(t.app.db, player.cashAccountId)).balance).toBe(30_00n - 5n * 50n);
    expect(reports.every((report) => report.outcome === 'committed')).toBe(true);
    expect(reports.reduce((sum, report) => sum + report.size, 0)).toBe(60);
  });

  it('the one-call path (a failed batch replayed) refuses wins on rolled-back, unknown and settled bets as the batch does', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 100_00n);
    const call = await callOf();
    const alone = async (request: Parameters<typeof prepareVendorWin>[1]) =>
      (await answersOf([settleVendorCallAlone(await prepareVendorWin(call, request))]))[0];
    const roundId = id();
    const bet = { ...session, transactionUuid: id(), roundId, amount: '20.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, bet);
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
      ...session,
      transactionUuid: id(),
      roundId,
      referenceTransactionUuid: bet.transactionUuid,
    });
    const win = { ...session, requestUuid: id(), roundId, amount: '40.00', isRoundClosed: true };
    expect(await alone({ ...win, transactionUuid: id(), referenceTransactionUuid: bet.transactionUuid })).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    expect(await alone({ ...win, transactionUuid: id() })).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');

    const open = id();
    const liveBet = { ...session, transactionUuid: id(), roundId: open, amount: '10.00' };
    await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, liveBet);
    const onOpen = { ...win, roundId: open, amount: '3.00' };
    expect(await alone({ ...onOpen, transactionUuid: id(), referenceTransactionUuid: id() })).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await alone({ ...onOpen, transactionUuid: id(), referenceTransactionUuid: liveBet.transactionUuid })).toBe('RS_OK 93.00');
    expect(await alone({ ...onOpen, transactionUuid: id() })).toBe('RS_ERROR_ALREADY_SETTLED');
    expect(reports).toEqual([
      { size: 1, outcome: 'committed' },
      { size: 1, outcome: 'committed' },
    ]);
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(93_00n);
  });

  it('a win and a rollback of its bet racing: exactly one of them applies, never both, and nothing fails', async () => {
    const { session, cashAccountId } = await openVendorSession(t.app, VENDOR, 200_00n);
    const rounds = Array.from({ length: 10 }, () => ({ roundId: id(), betId: id() }));
    for (const { roundId, betId } of rounds)
      await vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...session, transactionUuid: betId, roundId, amount: '20.00' });
    const outcomes = await Promise.all(
      rounds.map(async ({ roundId, betId }) => {
        const [win, rollback] = await Promise.all([
          vendorCall(t.app, VENDOR, VENDOR_API_PATHS.win, {
            ...session,
            transactionUuid: id(),
            roundId,
            amount: '40.00',
            referenceTransactionUuid: betId,
          }),
          vendorCall(t.app, VENDOR, VENDOR_API_PATHS.rollback, {
            ...session,
            transactionUuid: id(),
            roundId,
            referenceTransactionUuid: betId,
          }),
        ]);
        return `${win.status} ${rollback.status}`;
      }),
    );
    const wins = outcomes.filter((outcome) => outcome === 'RS_OK RS_ERROR_ALREADY_SETTLED').length;
    const rollbacks = outcomes.filter((outcome) => outcome === 'RS_ERROR_TRANSACTION_ROLLED_BACK RS_OK').length;
    expect(wins + rollbacks, outcomes.join('; ')).toBe(10);
    // Each round either paid its win on its stake or gave the stake back: 200 - 20 per round + 40 per win + 20 per rollback.
    expect((await getAccountBalance(t.app.db, cashAccountId)).balance).toBe(
      200_00n - 10n * 20_00n + BigInt(wins) * 40_00n + BigInt(rollbacks) * 20_00n,
    );
  });
});

/**
 * The statements the batch's transaction sends, BEGIN and COMMIT included. On Postgres, counted
 * at the driver on the connection that sent BEGIN, up to its COMMIT (the hot path sends its
 * transaction and named statements to node-postgres directly); on PGlite, at the Drizzle
 * transaction's session, plus its BEGIN and COMMIT.
 */
async function countBatchStatements<T>(app: TestApp['app'], run: () => Promise<T>): Promise<{ outcomes: T; statements: number }> {
  if (app.database.kind === 'postgres') {
    const { result: outcomes, sent } = await driverQueriesDuring(run);
    const texts = sent.map((query) => ({ client: query.client, text: query.text.trim().toUpperCase() }));
    const begin = texts.findIndex((entry) => entry.text === 'BEGIN');
    const own = texts.slice(begin).filter((entry) => entry.client === texts[begin]?.client);
    const commit = own.findIndex((entry) => entry.text === 'COMMIT');
    return { outcomes, statements: begin < 0 || commit < 0 ? 0 : commit + 1 };
  }
  let statements = 0;
  const db = app.db;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work: (tx: Tx) => Promise<unknown>) =>
    transaction((tx: Tx) => {
      const session = (tx as unknown as { _: { session: { prepareQuery: (...args: unknown[]) => unknown } } })._.session;
      const prepare = session.prepareQuery.bind(session);
      let isWorking = true;
      session.prepareQuery = (...args: unknown[]) => {
        // The transaction's own COMMIT comes after the work.
        if (isWorking) statements += 1;
        return prepare(...args);
      };
      return work(tx).finally(() => {
        isWorking = false;
      });
    })) as typeof db.transaction;
  try {
    return { outcomes: await run(), statements: 2 + statements };
  } finally {
    db.transaction = transaction;
  }
}

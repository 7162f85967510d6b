import { randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { useVendorBatchApp } from '../../test/vendor-batch-kit';
import { openVendorSession, vendorCall } from '../../test/vendor-test-kit';
import { getAccountBalance } from '../wallet/get-account-balance';

/*
 * Two vendor batches in flight (issue 16 item 2; vendor-batch.ts, VENDOR_BATCH_IN_FLIGHT): while
 * one batch waits on a member's cash row, a batch of other members commits beside it; a call of
 * the member the first batch holds never joins the second (it would wait on the same row and
 * hold its neighbours back), and runs after the first, in arrival order. The first batch is held
 * by an outside transaction that locks one member's cash row, as a slow statement would.
 * PostgreSQL only: PGlite has one connection, and the server keeps one batch in flight on it.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const VENDOR = 'PT';
const id = () => randomUUID();

describe.skipIf(!onPostgres)('vendor batches in flight on PostgreSQL', () => {
  let t: TestApp;
  const { reports } = useVendorBatchApp(VENDOR, (built) => {
    t = built;
  });

  /** The suite's own database (database.location has no credentials) on the server of DATABASE_URL. */
  function databaseUrl(): string {
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = new URL(t.database.location).pathname;
    return url.toString();
  }

  /** A bet of `amount` on a new round, with a new transaction id, from `player`'s session. */
  function bet(player: { session: Record<string, unknown> }, amount: string): Promise<VendorResponse> {
    return vendorCall(t.app, VENDOR, VENDOR_API_PATHS.bet, { ...player.session, transactionUuid: id(), roundId: id(), amount });
  }

  /** An outside transaction holding `accountId`'s row lock until `release`. */
  async function holdRow(accountId: number): Promise<{ release(): Promise<void> }> {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT id FROM ledger_accounts WHERE id = $1 FOR UPDATE', [accountId]);
    return {
      async release() {
        await client.query('COMMIT');
        await client.end();
      },
    };
  }

  /** A call's promise with a flag that says whether it has answered yet. */
  function tracked(promise: Promise<VendorResponse>) {
    const state = { done: false, promise };
    void promise.then(
      () => {
        state.done = true;
      },
      () => {
        state.done = true;
      },
    );
    return state;
  }

  /** Waits until `count` batches have reported (bounded: 10 s). */
  async function batchesReported(count: number): Promise<void> {
    for (let waited = 0; reports.length < count && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Until the batch holding `accountId` is in flight, waiting on its lock (bounded: 10 s). */
  async function waitingOnLock(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      for (let waited = 0; waited < 10_000; waited += 20) {
        const { rows } = await client.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((rows[0]?.waiting ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no batch came to wait on the held row');
    } finally {
      await client.end();
    }
  }

  it('a batch of other members commits while the batch before it waits on a row lock', async () => {
    t.app.vendorBatcher.options = { ...t.app.vendorBatcher.options, maxInFlight: 2, windowMs: 2 };
    const held = await openVendorSession(t.app, VENDOR, 100_00n);
    const free = await openVendorSession(t.app, VENDOR, 100_00n);
    const lock = await holdRow(held.cashAccountId);
    let blocked: ReturnType<typeof tracked> | undefined;
    try {
      blocked = tracked(bet(held, '10.00'));
      await waitingOnLock();
      const beside = await bet(free, '10.00');
      expect(beside.status).toBe('RS_OK');
      expect(beside.balance).toBe('90.00');
      expect(blocked.done).toBe(false);
      expect(reports).toEqual([{ size: 1, outcome: 'committed' }]);
    } finally {
      await lock.release();
    }
    expect((await blocked.promise).status).toBe('RS_OK');
    await batchesReported(2);
    expect(reports).toEqual([
      { size: 1, outcome: 'committed' },
      { size: 1, outcome: 'committed' },
    ]);
    expect((await getAccountBalance(t.app.db, held.cashAccountId)).balance).toBe(90_00n);
    expect((await getAccountBalance(t.app.db, free.cashAccountId)).balance).toBe(90_00n);
  });

  it("a member's next call never joins a batch beside the one holding that member: it runs after it, in order", async () => {
    t.app.vendorBatcher.options = { ...t.app.vendorBatcher.options, maxInFlight: 2, windowMs: 2 };
    const held = await openVendorSession(t.app, VENDOR, 15_00n);
    const free = await openVendorSession(t.app, VENDOR, 100_00n);
    const lock = await holdRow(held.cashAccountId);
    let first: ReturnType<typeof tracked> | undefined;
    let second: ReturnType<typeof tracked> | undefined;
    try {
      first = tracked(bet(held, '10.00'));
      await waitingOnLock();
      // The held member's second bet arrives with another member's bet: only the other one may go now.
      second = tracked(bet(held, '10.00'));
      const beside = await bet(free, '10.00');
      expect(beside.status).toBe('RS_OK');
      expect(first.done).toBe(false);
      expect(second.done).toBe(false);
      expect(reports).toEqual([{ size: 1, outcome: 'committed' }]);
    } finally {
      await lock.release();
    }
    // In arrival order on the member's 15.00: the first bet passes, the second finds 5.00 left.
    expect((await first.promise).status).toBe('RS_OK');
    const refused = await second.promise.then(
      (answer) => answer.status,
      (error: { status?: string }) => error.status,
    );
    expect(refused).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await batchesReported(3);
    expect(reports.map((report) => report.size)).toEqual([1, 1, 1]);
    expect((await getAccountBalance(t.app.db, held.cashAccountId)).balance).toBe(5_00n);
  });

  it('100 bets of 10 members, two batches in flight as the server runs them: every member ends exactly where its accepted bets put it', async () => {
    // The server's own setting on PostgreSQL (VENDOR_BATCH_IN_FLIGHT, default 2); smaller batches so there are many.
    expect(t.app.vendorBatcher.options.maxInFlight).toBe(2);
    t.app.vendorBatcher.options = { ...t.app.vendorBatcher.options, windowMs: 1, maxCalls: 8 };
    const players = await Promise.all(Array.from({ length: 10 }, () => openVendorSession(t.app, VENDOR, 50_00n)));
    const answers = await Promise.all(players.flatMap((player) => Array.from({ length: 10 }, () => bet(player, '7.00'))));
    // 50.00 affords 7 bets of 7.00 per member, whatever the batches: 70 accepted, 30 refused.
    expect(answers.filter((answer) => answer.status === 'RS_OK')).toHaveLength(70);
    expect(answers.filter((answer) => answer.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(30);
    for (const player of players) expect((await getAccountBalance(t.app.db, player.cashAccountId)).balance).toBe(1_00n);
    expect(reports.every((report) => report.outcome === 'committed')).toBe(true);
    expect(reports.reduce((sum, report) => sum + report.size, 0)).toBe(100);
  });
});

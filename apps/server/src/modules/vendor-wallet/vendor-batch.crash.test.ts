import { randomUUID } from 'node:crypto';
import { VENDOR_API_PATHS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import { ledgerTransfers } from '../../db/schema/ledger';
import { type CrashHarness, fireBurst, type HttpResult, runNpmScript } from '../../test/crash-harness';
import { onPostgres, useCrashHarness } from '../../test/crash-steps';
import { createMember } from '../../test/factories';
import { loginAndLaunch, vendorCallSigner } from '../../test/vendor-crash-kit';
import { ensureMemberAccounts } from '../wallet/ensure-member-accounts';
import { getAccountBalance } from '../wallet/get-account-balance';
import { openAccount } from '../wallet/open-account';
import { postTransfer } from '../wallet/post-transfer';
import { verifyLedger } from '../wallet/verify-ledger';

/*
 * Group commit, crash: the real server is killed with SIGKILL while a batch of vendor bets is
 * inside its transaction (the test holds one player's cash row, so the batch waits on it after
 * opening its rounds; its calls' rows are written at its end), then started again on the same database. Calls are
 * answered only after their batch commits, so: every bet answered before the kill is durable with
 * its answer; the killed batch left nothing (no claim, no round, no transfer). Then every bet is
 * sent again (same transaction ids), then every win twice: each id moves money exactly once,
 * balances equal funds - bets + wins, and the ledger verifies.
 */

const VENDOR = 'PT';
const PLAYERS = 6;
const ROUNDS = 8;
const FUNDS = 100_00n;
const CONCURRENCY = 8;
/** Rounds played before the blocked player's first bet. */
const LATE_ROUNDS = 3;

let harness: CrashHarness;

useCrashHarness((created) => {
  harness = created;
});

interface Player {
  memberId: number;
  cashAccountId: number;
  sessionId: string;
  user: string;
}

interface Call {
  path: string;
  body: Record<string, unknown>;
  player: number;
  transactionUuid: string;
}

describe.skipIf(!onPostgres)('SIGKILL during a vendor batch', () => {
  it('a killed batch leaves nothing, answered calls are durable, replays move money once', { timeout: 240_000 }, async () => {
    const { db } = harness.database;
    const { merchant, game, signed } = await vendorCallSigner(db, VENDOR);
    const source = await openAccount(db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
    const answerOf = (result: HttpResult) => result.json as VendorResponse | undefined;

    const members: { id: number; username: string; password: string; cashAccountId: number }[] = [];
    for (let index = 0; index < PLAYERS; index += 1) {
      const { member, password } = await createMember(db, merchant.id);
      const { cash } = await ensureMemberAccounts(db, { merchantId: merchant.id, memberId: member.id, currency: merchant.currency });
      await postTransfer(db, {
        merchantId: merchant.id,
        idempotencyKey: `crash-fund:${member.id}`,
        type: 'adjustment',
        entries: [
          { accountId: source.id, amount: -FUNDS },
          { accountId: cash.id, amount: FUNDS },
        ],
      });
      members.push({ id: member.id, username: member.username, password: password ?? '', cashAccountId: cash.id });
    }

    await harness.start();
    // Sessions over HTTP: login, launch, the vendor's authenticate with the launch token.
    const players: Player[] = [];
    for (const member of members) {
      const { launchToken } = await loginAndLaunch(harness.client, member, game.id);
      const auth = answerOf(
        await harness.client.request(signed(VENDOR_API_PATHS.authenticate, { requestUuid: randomUUID(), token: launchToken })),
      );
      if (auth?.status !== 'RS_OK' || !auth.sessionId || !auth.user) throw new Error(`authenticate: ${JSON.stringify(auth)}`);
      players.push({ memberId: member.id, cashAccountId: member.cashAccountId, sessionId: auth.sessionId, user: auth.user });
    }

    // Every round: a bet of 1.00 and a win of 0.50, players interleaved; player 0 (the blocked
    // one) joins from the fourth round, so the batches before its first bet commit.
    const bets: Call[] = [];
    const wins: Call[] = [];
    const roundsOf = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let index = 0; index < PLAYERS; index += 1) {
        if (round < LATE_ROUNDS && (index + 1) % PLAYERS === 0) continue;
        roundsOf.set((index + 1) % PLAYERS, (roundsOf.get((index + 1) % PLAYERS) ?? 0) + 1);
        const player = players[(index + 1) % PLAYERS]!;
        const roundId = randomUUID();
        const common = { sessionId: player.sessionId, user: player.user, gameCode: game.gameCode, roundId, currency: merchant.currency };
        const bet = { ...common, requestUuid: randomUUID(), transactionUuid: randomUUID(), amount: '1.00' };
        const win = { ...common, requestUuid: randomUUID(), transactionUuid: randomUUID(), amount: '0.50', isRoundClosed: true };
        bets.push({ path: VENDOR_API_PATHS.bet, body: bet, player: (index + 1) % PLAYERS, transactionUuid: bet.transactionUuid });
        wins.push({ path: VENDOR_API_PATHS.win, body: win, player: (index + 1) % PLAYERS, transactionUuid: win.transactionUuid });
      }
    }

    // Hold player 0's cash row: the batch holding player 0's first bet waits on it inside its
    // transaction (rounds opened), and later batches with its members queue behind it (a second
    // batch in flight may still commit other members' bets beside it, or wait on a row it shares).
    const blocker = new pg.Client({ connectionString: harness.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [players[0]!.cashAccountId]);
    // Waits on our lock only: two batches in flight may also wait on each other for a moment.
    const batchWaits = async () => {
      const { rows } = await blocker.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity a
          WHERE a.datname = current_database() AND pg_backend_pid() = ANY(pg_blocking_pids(a.pid))`,
      );
      return (rows[0]?.n ?? 0) > 0;
    };
    const firstLife = fireBurst(
      harness.client,
      bets.map((call) => signed(call.path, call.body)),
      { concurrency: CONCURRENCY },
    );
    let waited = false;
    for (let attempt = 0; attempt < 600 && !waited; attempt += 1) {
      waited = await batchWaits();
      if (!waited) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(waited, 'a batch was waiting inside its transaction').toBe(true);
    // The rounds of the waiting batch are in the database, uncommitted: invisible to us.
    await harness.kill();
    const first = await firstLife;
    await blocker.query('ROLLBACK');
    await blocker.end();

    // Right after the kill: answered bets are durable with their answer; the batch that waited on
    // the held row left nothing. A batch in flight beside it may have committed just before the
    // kill without its answers reaching us: those bets are whole (round and all) and are answered
    // from their stored row on the retry below; any other bet left nothing.
    const answered = new Set<number>();
    first.forEach((result, index) => {
      if (result.status === 200 && answerOf(result)?.status === 'RS_OK') answered.add(index);
    });
    expect(answered.size).toBeGreaterThan(0);
    expect(answered.size).toBeLessThan(bets.length);
    const stored = await db
      .select()
      .from(vendorTransactions)
      .where(
        inArray(
          vendorTransactions.vendorTransactionId,
          bets.map((call) => call.transactionUuid),
        ),
      );
    const storedIds = new Set(stored.map((row) => row.vendorTransactionId));
    for (const index of answered) {
      expect(storedIds.has(bets[index]!.transactionUuid)).toBe(true);
      const row = stored.find((item) => item.vendorTransactionId === bets[index]!.transactionUuid);
      expect((row?.response as VendorResponse | null)?.balance).toBe(answerOf(first[index]!)?.balance);
    }
    // Committed but unanswered: at most one batch beside the waiting one (the client had CONCURRENCY calls out).
    expect(stored.length - answered.size).toBeLessThanOrEqual(CONCURRENCY);
    const rounds = await db.select().from(gameRounds).where(eq(gameRounds.vendorId, game.vendorId));
    expect(rounds).toHaveLength(stored.length);
    const player0Bets = bets.flatMap((call, index) => (call.player === 0 ? [index] : []));
    expect(player0Bets.some((index) => answered.has(index) || storedIds.has(bets[index]!.transactionUuid))).toBe(false);

    // Restart; every bet again (same ids), then every win twice.
    await harness.start();
    const second = await fireBurst(
      harness.client,
      bets.map((call) => signed(call.path, call.body)),
      { concurrency: CONCURRENCY },
    );
    second.forEach((result, index) => {
      expect(answerOf(result)?.status, result.body).toBe('RS_OK');
      // A bet answered before the kill is answered the same again (its stored answer).
      if (answered.has(index)) expect(answerOf(result)?.balance).toBe(answerOf(first[index]!)?.balance);
      // One committed before the kill but never answered: its stored answer, not a second debit.
      const row = stored.find((item) => item.vendorTransactionId === bets[index]!.transactionUuid);
      if (row) expect(answerOf(result)?.balance).toBe((row.response as VendorResponse | null)?.balance);
    });
    for (let pass = 0; pass < 2; pass += 1) {
      const results = await fireBurst(
        harness.client,
        wins.map((call) => signed(call.path, call.body)),
        { concurrency: CONCURRENCY },
      );
      for (const result of results) expect(answerOf(result)?.status, result.body).toBe('RS_OK');
    }

    // Exactly once: one claim, one transfer per id; each round 1.00 in, 0.50 out, closed.
    const all = [...bets, ...wins];
    const claims = await db
      .select()
      .from(vendorTransactions)
      .where(
        and(
          eq(vendorTransactions.vendorId, game.vendorId),
          inArray(
            vendorTransactions.vendorTransactionId,
            all.map((call) => call.transactionUuid),
          ),
        ),
      );
    expect(claims).toHaveLength(all.length);
    const transfers = await db
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.idempotencyKey,
          all.map((call) => `vendor:${VENDOR}:${call.transactionUuid}`),
        ),
      );
    expect(transfers).toHaveLength(all.length);
    const finalRounds = await db.select().from(gameRounds).where(eq(gameRounds.vendorId, game.vendorId));
    expect(finalRounds).toHaveLength(bets.length);
    for (const round of finalRounds) expect(round).toMatchObject({ status: 'CLOSED', betTotal: 1_00n, payoutTotal: 50n, betCount: 1 });
    for (const [index, player] of players.entries()) {
      expect((await getAccountBalance(db, player.cashAccountId)).balance).toBe(FUNDS - BigInt(roundsOf.get(index) ?? 0) * 50n);
    }

    const report = await verifyLedger(db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    const cli = await runNpmScript('ledger:verify', { DATABASE_URL: harness.databaseUrl });
    expect(cli.code, `${cli.stdout}\n${cli.stderr}`).toBe(0);
  });
});

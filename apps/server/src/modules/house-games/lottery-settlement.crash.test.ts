import { randomBytes, randomUUID } from 'node:crypto';
import type { LotteryDraw } from '@kismat/game-math/lottery/lottery-types';
import { settleBet } from '@kismat/game-math/lottery/settle-bet';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { gameRounds } from '../../db/schema/games';
import { lotteryDrawWinners, lotteryIssues, lotteryTickets, lotteryTicketWins } from '../../db/schema/house-games';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import { type CrashHarness, runNpmScript } from '../../test/crash-harness';
import { defaultMerchant, fundedPlayer, onPostgres, useCrashHarness } from '../../test/crash-steps';
import { getMemberBalances } from '../wallet/get-member-balances';
import { verifyLedger } from '../wallet/verify-ledger';
import { ensureLotteryIssues } from './ensure-lottery-issues';
import { currentIssueIndex, findLotteryGame, issueSlot } from './lottery-games';
import { placeLotteryBet } from './place-lottery-bet';
import { lotteryRoundKeyPrefix } from './record-house-game-rounds';
import { configureSeedVault } from './seed-vault';
import { settleLotteryDraw } from './settle-lottery-draw';

/*
 * Issue 6 acceptance, crash: the real server's scheduler is killed with SIGKILL in the middle
 * of settling a draw (provably: the test holds the lock of one winner's account, so the
 * settlement waits inside its transaction after drawing, writing the winning rows and claiming
 * the payout keys), then started again on the same database. The kill must leave the issue
 * undrawn with nothing paid; the restarted scheduler must settle it once: every ticket exactly
 * as the game-math settleBet says, no ticket paid twice or lost, one payout transfer per member
 * account, balances moved by exactly the winnings, and the ledger verifies.
 */

const PLAYERS = 6;

let harness: CrashHarness;
// The test commits the issues (sealing their seeds) and the server draws them: both need one key.
const seedKey = randomBytes(32).toString('hex');

beforeAll(() => {
  configureSeedVault({ NODE_ENV: 'test', DATA_DIR: '.', FAIRNESS_SEED_KEY: seedKey });
});
useCrashHarness(
  (created) => {
    harness = created;
  },
  { env: { FAIRNESS_SEED_KEY: seedKey } },
);

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const runs = await harness.database.db.execute(
    sql`SELECT job, period, node, finished_at, error FROM job_runs ORDER BY started_at DESC LIMIT 10`,
  );
  const issues = await harness.database.db.execute(
    sql`SELECT id, game_code, status, draw_at FROM lottery_issues WHERE status <> 'DRAWN' AND draw_at <= now() ORDER BY draw_at LIMIT 10`,
  );
  throw new Error(
    `timed out waiting for ${what}:\njob runs ${JSON.stringify(runs)}\ndue issues ${JSON.stringify(issues)}\n${harness.output()}`,
  );
}

describe.skipIf(!onPostgres)('SIGKILL during a lottery draw settlement', () => {
  it('restarts and settles the draw exactly once: no ticket paid twice, none lost', { timeout: 300_000 }, async () => {
    const { db } = harness.database;
    const merchant = await defaultMerchant(db);
    const now = new Date();
    await ensureLotteryIssues(db, now);
    const game = findLotteryGame('ELOTT_5M');
    if (!game) throw new Error('no ELOTT_5M');
    const [issue] = await db
      .select()
      .from(lotteryIssues)
      .where(
        and(eq(lotteryIssues.gameCode, game.gameCode), eq(lotteryIssues.issueNo, issueSlot(game, currentIssueIndex(game, now)).issueNo)),
      );
    if (!issue) throw new Error('issue missing');
    // If the issue closes in the next seconds, bets could be refused: bet on its clock instead.
    const betAt = new Date(Math.max(issue.opensAt.getTime(), Math.min(now.getTime(), issue.cutoffAt.getTime() - 1000)));

    // Real bets: every player covers every digit of one position plus both sum sizes, so every
    // player certainly wins something; player 0 is the one whose account the test will hold.
    const players = [] as { memberId: number; accountId: number }[];
    for (let index = 0; index < PLAYERS; index += 1) {
      const { member, accounts } = await fundedPlayer(db, merchant, 1_000_000n);
      await placeLotteryBet(db, {
        merchantId: merchant.id,
        memberId: member.id,
        accounts,
        issueId: issue.id,
        oddsTable: index % 2 === 0 ? 'standard' : 'zy',
        slipKey: randomUUID(),
        tickets: [
          ...Array.from({ length: 10 }, (_, digit) => ({
            betType: 'POSITION_DIGIT',
            selection: `${(index % 5) + 1}-${digit}`,
            amountMinor: 100n + BigInt(index * 7 + digit),
          })),
          { betType: 'SUM_SIZE', selection: 'BIG', amountMinor: 1_000n + BigInt(index) },
          { betType: 'SUM_SIZE', selection: 'SMALL', amountMinor: 900n + BigInt(index) },
          { betType: 'SUM_PARITY', selection: 'ODD', amountMinor: 555n },
        ],
        now: betAt,
      });
      players.push({ memberId: member.id, accountId: accounts.memberAccountId });
    }
    const before = new Map<number, bigint>();
    for (const player of players) {
      before.set(player.memberId, (await getMemberBalances(db, { merchantId: merchant.id, memberId: player.memberId })).cash);
    }

    // Hold player 0's cash row, then make the issue due: the server's job will draw it and wait
    // for this lock inside its settlement transaction.
    const blocker = new pg.Client({ connectionString: harness.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM ledger_accounts WHERE id = $1 FOR UPDATE', [players[0]!.accountId]);
    await db.execute(sql`UPDATE lottery_issues SET cutoff_at = now() - interval '2 seconds', draw_at = now() - interval '1 second'
                          WHERE id = ${issue.id}`);
    await harness.start();
    await waitFor(
      'the settlement to wait on the held account',
      async () => {
        // The blocker polls inside its open transaction, where pg_stat_activity is a snapshot
        // taken at first use (stats_fetch_consistency): drop it so every poll sees the server now.
        await blocker.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await blocker.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE a.datname = current_database() AND NOT l.granted AND a.query ILIKE '%ledger_accounts%'`,
        );
        return (rows[0]?.n ?? 0) > 0;
      },
      90_000,
    );
    await harness.kill();
    await blocker.query('ROLLBACK');
    await blocker.end();

    // The kill rolled the whole settlement back: undrawn, nothing written, nothing paid.
    const [afterKill] = await db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
    expect(afterKill?.status).not.toBe('DRAWN');
    expect(await db.select().from(lotteryDrawWinners).where(eq(lotteryDrawWinners.issueId, issue.id))).toHaveLength(0);
    const ticketIds = (await db.select({ id: lotteryTickets.id }).from(lotteryTickets).where(eq(lotteryTickets.issueId, issue.id))).map(
      (row) => row.id,
    );
    expect(await db.select().from(lotteryTicketWins).where(inArray(lotteryTicketWins.ticketId, ticketIds))).toHaveLength(0);
    const payoutKeys = like(ledgerTransfers.idempotencyKey, `lottery:issue:${issue.id}:%`);
    expect(await db.select().from(ledgerTransfers).where(payoutKeys)).toHaveLength(0);
    const roundKeys = like(gameRounds.vendorRoundId, `${lotteryRoundKeyPrefix(issue)}%`);
    expect(await db.select().from(gameRounds).where(roundKeys)).toHaveLength(0);
    for (const player of players) {
      expect((await getMemberBalances(db, { merchantId: merchant.id, memberId: player.memberId })).cash).toBe(before.get(player.memberId));
    }

    // Restart: the scheduler's next period settles it.
    await harness.start();
    await waitFor(
      'the restarted scheduler to draw the issue',
      async () => {
        const [row] = await db.select({ status: lotteryIssues.status }).from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
        return row?.status === 'DRAWN';
      },
      90_000,
    );
    await harness.stop();

    const [drawn] = await db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
    if (!drawn?.result) throw new Error('no result');
    const draw = drawn.result as LotteryDraw;
    const rows = await db
      .select({ ticket: lotteryTickets, win: lotteryTicketWins })
      .from(lotteryTickets)
      .leftJoin(lotteryTicketWins, eq(lotteryTicketWins.ticketId, lotteryTickets.id))
      .where(eq(lotteryTickets.issueId, issue.id));
    expect(rows).toHaveLength(PLAYERS * 13);
    expect(drawn.ticketCount).toBe(rows.length);
    const transfers = await db.select().from(ledgerTransfers).where(payoutKeys);
    expect(transfers).toHaveLength(PLAYERS);
    let total = 0n;
    // One settled game round per member account: its tickets' stake and exactly their winnings.
    const gameRoundRows = await db.select().from(gameRounds).where(roundKeys);
    expect(gameRoundRows).toHaveLength(PLAYERS);
    for (const player of players) {
      let expected = 0n;
      const transfer = transfers.find((row) => row.idempotencyKey === `lottery:issue:${issue.id}:payout:${player.accountId}`);
      for (const { ticket, win } of rows.filter((row) => row.ticket.memberId === player.memberId)) {
        const outcome = settleBet(
          'ELOTT',
          {
            betType: ticket.betType,
            selection: ticket.selection,
            amountMinor: ticket.amountMinor,
            oddsTable: ticket.oddsTable as 'standard' | 'zy',
          },
          draw,
        );
        expect(win !== null).toBe(outcome.status === 'won');
        expect(win?.payoutMinor ?? 0n).toBe(outcome.payoutMinor);
        if (outcome.payoutMinor > 0n) expect(win?.payoutTransferId).toBe(transfer?.id);
        expected += outcome.payoutMinor;
      }
      expect(expected).toBeGreaterThan(0n);
      total += expected;
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transfer!.id));
      expect(entries.find((entry) => entry.accountId === player.accountId)?.amount).toBe(expected);
      const after = (await getMemberBalances(db, { merchantId: merchant.id, memberId: player.memberId })).cash;
      expect(after - before.get(player.memberId)!).toBe(expected);
      const round = gameRoundRows.find((row) => row.vendorRoundId === `${lotteryRoundKeyPrefix(issue)}${player.accountId}`);
      const staked = rows.filter((row) => row.ticket.memberId === player.memberId).reduce((sum, row) => sum + row.ticket.amountMinor, 0n);
      expect([round?.memberId, round?.status, round?.betTotal, round?.payoutTotal, round?.betCount, round?.closedAt]).toEqual([
        player.memberId,
        'CLOSED',
        staked,
        expected,
        13,
        drawn.drawnAt,
      ]);
    }
    expect(drawn.payoutTotalMinor).toBe(total);
    // Closed (its ticket-set hash fixed) before the kill, drawn after it: the seed published with the result.
    expect(drawn.ticketSetCount).toBe(rows.length);
    expect(drawn.serverSeedHex).toMatch(/^[0-9a-f]{64}$/);
    expect(drawn.serverSeedSealed).toBeNull();
    expect(await settleLotteryDraw(db, { issueId: issue.id, now: new Date() })).toEqual({ status: 'already-settled' });

    const report = await verifyLedger(db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    const cli = await runNpmScript('ledger:verify', { DATABASE_URL: harness.databaseUrl });
    expect(cli.code, `${cli.stdout}\n${cli.stderr}`).toBe(0);
  });
});

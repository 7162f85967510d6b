import { performance } from 'node:perf_hooks';
import { type SeedInputs, seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { drawElott } from '@kismat/game-math/lottery/elott';
import type { LotteryDraw, LotteryKind } from '@kismat/game-math/lottery/lottery-types';
import { drawSea } from '@kismat/game-math/lottery/sea';
import { winningSelections } from '@kismat/game-math/lottery/settle-bet';
import { lotteryClientSeed } from '@kismat/game-math/lottery/ticket-set';
import { drawVn } from '@kismat/game-math/lottery/vn';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { lotteryDrawWinners, lotteryIssues } from '../../db/schema/house-games';
import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { countDrawWins } from '../responsible-gambling/index';
import { closeTicketSet } from './close-lottery-issue';
import { lockIssueForChange } from './lottery-issue-lock';
import { postIssueLegs, type TicketAccountRow } from './post-issue-legs';
import { recordLotteryGameRounds } from './record-house-game-rounds';
import { serverSeedOf } from './seed-vault';

export function drawLottery(kind: LotteryKind, seeds: SeedInputs): LotteryDraw {
  switch (kind) {
    case 'ELOTT':
      return drawElott(seeds);
    case 'VN':
      return drawVn(seeds);
    case 'SEA':
      return drawSea(seeds);
  }
}

export type SettleOutcome = { status: 'settled'; winners: number; payoutMinor: bigint } | { status: 'already-settled' | 'not-due' };

/** What settlement pushes over /ws to each ticket holder of the drawn issue. */
export interface LotteryResultMessage {
  type: 'lottery-result';
  gameCode: string;
  issueId: string;
  result: LotteryDraw;
}

/** Who hears about a draw; optional so scripts and tests can settle without sockets. */
export interface SettleDeps {
  realtime?: RealtimeHub;
  /** Called with each phase's duration (the bench prints them); the commit is the phase 'commit'. */
  trace?: (phase: string, milliseconds: number) => void;
}

type DrawnIssue = { issueId: number; gameCode: string; result: LotteryDraw };

/**
 * Draws one issue and settles all its tickets, once, in one transaction and set-based SQL
 * (docs/house-games.md, "Lottery settlement"). The issue row lock (FOR UPDATE) waits for every
 * bet transaction holding it FOR SHARE and blocks later ones, whose state check then refuses
 * them; a second drawer waits and finds the issue DRAWN. An issue the job did not close at its
 * cutoff is closed here first (its ticket-set hash fixed under the same lock). The draw is
 * `drawLottery(seed, "<game>:<issue>:<ticket-set hash>", 0)` with the seed opened from its seal
 * (docs/fairness/lottery.md); the seed is published with the result. Then:
 *  1. the draw's winning (bet type, selection, hits) rows go into lottery_draw_winners;
 *  2. one SELECT joins the tickets against them and sums each member account's stake and
 *     winnings; one INSERT writes each account's tickets as one settled game_rounds row (agent
 *     figures, betting records: record-house-game-rounds.ts), rows per account, not per ticket;
 *  3. postBulkTransfer pays them: one `payout` transfer per (draw, member account), keyed
 *     `lottery:issue:<id>:payout:<account>`, against one house shard, whatever the number of
 *     tickets (one call per merchant and house account: real and play money apart);
 *  4. one INSERT ... SELECT writes each winning ticket's own payout and transfer into
 *     lottery_ticket_wins (its primary key: a ticket is paid at most once); losing tickets are
 *     not written at all (lost = issue DRAWN and no win row), nor is any ticket row updated.
 * A crash anywhere before COMMIT leaves the issue undrawn, every ticket pending and no money
 * moved, so the next job run settles it from scratch; after COMMIT the issue is DRAWN and no
 * run touches it again. The per-account keys make even a buggy second settlement a replay.
 */
export async function settleLotteryDraw(db: Db, input: { issueId: number; now: Date }, deps: SettleDeps = {}): Promise<SettleOutcome> {
  // Filled inside the transaction, read after it (a holder, so the closure's write is visible to the type checker).
  const drawn: { issue: DrawnIssue | null } = { issue: null };
  let mark = performance.now();
  const lap = (phase: string) => {
    const at = performance.now();
    deps.trace?.(phase, at - mark);
    mark = at;
  };
  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    // The issue's lock first (lottery-issue-lock.ts): an issue not closed yet is closed here.
    await lockIssueForChange(tx, input.issueId);
    const [locked] = await tx.select().from(lotteryIssues).where(eq(lotteryIssues.id, input.issueId)).for('update');
    if (!locked || locked.status === 'DRAWN' || locked.status === 'CANCELLED') return { status: 'already-settled' };
    if (locked.drawAt > input.now) return { status: 'not-due' };
    const issue = locked.status === 'OPEN' ? await closeTicketSet(tx, locked, input.now) : locked;
    lap('close-ticket-set');
    const serverSeedHex = serverSeedOf(issue);
    const draw = drawLottery(issue.kind as LotteryKind, seedInputsFromHex(serverSeedHex, lotteryClientSeed(issue), 0));
    const winners = winningSelections(draw);
    for (let start = 0; start < winners.length; start += 1000) {
      await tx.insert(lotteryDrawWinners).values(winners.slice(start, start + 1000).map((row) => ({ issueId: issue.id, ...row })));
    }

    lap('lock-and-draw');
    // One pass over the issue's tickets: per member account, how many tickets, what they staked
    // and what they won (the sum of every winning ticket's own floored payout).
    const accounts = rowsOf<
      TicketAccountRow & {
        payout: unknown;
        member_id: unknown;
        is_trial: boolean;
        first_placed_at: string;
      }
    >(
      await tx.execute(sql`
        SELECT t.merchant_id, t.house_account_id, t.member_account_id, min(t.member_id) AS member_id, bool_or(t.is_trial) AS is_trial,
               count(*) AS tickets,
               sum(t.amount_minor) AS stake, coalesce(sum(${TICKET_PAYOUT}), 0) AS payout,
               to_char(min(t.placed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS first_placed_at
          FROM lottery_tickets t
          LEFT JOIN lottery_draw_winners w ON w.issue_id = t.issue_id AND w.bet_type = t.bet_type AND w.selection = t.selection
         WHERE t.issue_id = ${issue.id}
         GROUP BY t.merchant_id, t.house_account_id, t.member_account_id`),
    );
    lap('sum-accounts');
    const ticketCount = accounts.reduce((sum, row) => sum + toNumber(row.tickets), 0);
    // Tickets are only ever inserted, and only while OPEN; a different count means someone wrote
    // to the closed set behind the application. Drawing on it would pay tickets the hash (and so
    // the result) never covered: refuse, loudly, and leave the issue for a person to look at.
    if (ticketCount !== issue.ticketSetCount) {
      throw new Error(`lottery issue ${issue.id}: ${ticketCount} tickets, ${issue.ticketSetCount} when it closed; not drawn`);
    }
    // Each account's tickets as one settled game round, so agent figures and betting records count the draw.
    await recordLotteryGameRounds(tx, {
      issue,
      drawnAt: input.now,
      accounts: accounts.map((row) => ({
        memberAccountId: toNumber(row.member_account_id),
        tickets: toNumber(row.tickets),
        stakeMinor: toBigInt(row.stake),
        payoutMinor: toBigInt(row.payout),
        firstPlacedAt: row.first_placed_at,
      })),
    });
    lap('record-rounds');
    const paidAccounts: number[] = [];
    const paidTransfers: number[] = [];
    const postings = await postIssueLegs(
      tx,
      issue,
      accounts,
      { type: 'payout', keyPart: 'payout', amountOf: (row) => toBigInt(row.payout) },
      input.now,
    );
    for (const posted of postings) {
      for (const transfer of posted.transfers) {
        paidAccounts.push(transfer.accountId);
        paidTransfers.push(transfer.transferId);
      }
    }
    // Wins count against loss limits (issue 17): one statement, members with counted play only.
    await countDrawWins(
      tx,
      accounts
        .filter((row) => !row.is_trial)
        .map((row) => ({ merchantId: toNumber(row.merchant_id), memberId: toNumber(row.member_id), winMinor: toBigInt(row.payout) })),
      input.now,
    );
    lap('post-payouts');

    // Every winning ticket gets its own payout and its account's payout transfer; losers get nothing written.
    const [won] = rowsOf<{ tickets: unknown; paid: unknown; total: unknown }>(
      await tx.execute(sql`
        WITH paid AS (
          SELECT * FROM unnest(${bigintArray(paidAccounts)}, ${bigintArray(paidTransfers)}) AS p(member_account_id, transfer_id)
        ), won AS (
          INSERT INTO lottery_ticket_wins (ticket_id, payout_minor, payout_transfer_id)
          SELECT t.id, ${TICKET_PAYOUT}, CASE WHEN ${TICKET_PAYOUT} > 0 THEN p.transfer_id END
            FROM lottery_tickets t
            JOIN lottery_draw_winners w ON w.issue_id = t.issue_id AND w.bet_type = t.bet_type AND w.selection = t.selection
            LEFT JOIN paid p ON p.member_account_id = t.member_account_id
           WHERE t.issue_id = ${issue.id}
          RETURNING payout_minor
        )
        SELECT count(*) AS tickets, count(*) FILTER (WHERE payout_minor > 0) AS paid, coalesce(sum(payout_minor), 0) AS total FROM won`),
    );
    lap('record-wins');
    const winnerCount = toNumber(won?.paid);
    const payoutTotal = toBigInt(won?.total);
    await tx
      .update(lotteryIssues)
      .set({
        status: 'DRAWN',
        result: draw,
        drawnAt: input.now,
        // Published with the result: with the commitment and the ticket-set hash, anyone recomputes the draw.
        serverSeedHex,
        serverSeedSealed: null,
        ticketCount,
        winnerCount,
        payoutTotalMinor: payoutTotal,
      })
      .where(eq(lotteryIssues.id, issue.id));
    drawn.issue = { issueId: issue.id, gameCode: issue.gameCode, result: draw };
    lap('close-issue');
    return { status: 'settled', winners: winnerCount, payoutMinor: payoutTotal };
  });
  if (drawn.issue) lap('commit');
  // Only after commit: a pushed result must never be one a rollback could take back.
  if (drawn.issue && deps.realtime) await pushLotteryResult(db, deps.realtime, drawn.issue);
  return outcome;
}

/** A ticket's payout in minor units, floored per ticket (odds are scaled by 10,000). */
const TICKET_PAYOUT = sql.raw('t.amount_minor * t.odds_scaled * w.hits / 10000');

function bigintArray(values: readonly number[]) {
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

/**
 * Pushes the result to the members holding tickets in the issue (not a broadcast): the hub
 * addresses members, and members without tickets read results from the lobby and results calls
 * when they look. Best effort, like every push: the issue row is the record.
 */
async function pushLotteryResult(db: Db, realtime: RealtimeHub, drawn: DrawnIssue): Promise<void> {
  const holders = rowsOf<{ merchant_id: unknown; member_id: unknown }>(
    await db.execute(sql`SELECT DISTINCT merchant_id, member_id FROM lottery_tickets WHERE issue_id = ${drawn.issueId}`),
  );
  const message: LotteryResultMessage = {
    type: 'lottery-result',
    gameCode: drawn.gameCode,
    issueId: String(drawn.issueId),
    result: drawn.result,
  };
  for (const holder of holders) {
    await realtime.publish({ merchantId: toNumber(holder.merchant_id), memberId: toNumber(holder.member_id), message });
  }
}

/** Draws every issue whose time has come (oldest first). */
export async function settleDueLotteryDraws(db: Db, now: Date, deps: SettleDeps = {}): Promise<number> {
  const due = await db
    .select({ id: lotteryIssues.id })
    .from(lotteryIssues)
    .where(and(inArray(lotteryIssues.status, ['OPEN', 'CLOSED']), lte(lotteryIssues.drawAt, now)))
    .orderBy(lotteryIssues.drawAt);
  let settled = 0;
  const failures: unknown[] = [];
  // One issue that cannot be drawn (it throws) does not hold back the issues due after it.
  for (const issue of due) {
    try {
      if ((await settleLotteryDraw(db, { issueId: issue.id, now }, deps)).status === 'settled') settled += 1;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
  return settled;
}

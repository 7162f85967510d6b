import { type SeedInputs, seedInputsFromHex } from '@kismat/game-math/fair/seed-inputs';
import { drawElott } from '@kismat/game-math/lottery/elott';
import type { LotteryDraw, LotteryKind } from '@kismat/game-math/lottery/lottery-types';
import { drawSea } from '@kismat/game-math/lottery/sea';
import { winningSelections } from '@kismat/game-math/lottery/settle-bet';
import { drawVn } from '@kismat/game-math/lottery/vn';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { lotteryDrawWinners, lotteryIssues } from '../../db/schema/house-games';
import type { Db } from '../../platform/db';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { rowsOf, toBigInt, toNumber } from '../wallet/ledger-sql';
import { postTransfer } from '../wallet/post-transfer';

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

/** The documented lottery client seed: public, fixed before the issue opens. */
export function issueClientSeed(issue: { gameCode: string; issueNo: string }): string {
  return `${issue.gameCode}:${issue.issueNo}`;
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
}

type DrawnIssue = { issueId: number; gameCode: string; result: LotteryDraw };

/**
 * Draws one issue and settles all its tickets, once. The issue row lock (FOR UPDATE) waits for
 * every bet transaction holding it FOR SHARE and blocks later ones, whose state check then
 * refuses them; a second drawer waits and finds the issue DRAWN. Settlement is set-based: the
 * draw's winning rows go into lottery_draw_winners and one UPDATE joins every ticket against
 * them, a second marks the rest lost; then one payout transfer per winning ticket (idempotency
 * key per ticket), all in the same transaction, so a crash leaves the issue undrawn and whole.
 */
export async function settleLotteryDraw(db: Db, input: { issueId: number; now: Date }, deps: SettleDeps = {}): Promise<SettleOutcome> {
  // Filled inside the transaction, read after it (a holder, so the closure's write is visible to the type checker).
  const drawn: { issue: DrawnIssue | null } = { issue: null };
  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    const [issue] = await tx.select().from(lotteryIssues).where(eq(lotteryIssues.id, input.issueId)).for('update');
    if (!issue || issue.status === 'DRAWN' || issue.status === 'CANCELLED') return { status: 'already-settled' };
    if (issue.drawAt > input.now) return { status: 'not-due' };
    const draw = drawLottery(issue.kind as LotteryKind, seedInputsFromHex(issue.serverSeedHex, issueClientSeed(issue), 0));
    const winners = winningSelections(draw);
    for (let start = 0; start < winners.length; start += 1000) {
      await tx.insert(lotteryDrawWinners).values(winners.slice(start, start + 1000).map((row) => ({ issueId: issue.id, ...row })));
    }
    await tx.execute(sql`
      UPDATE lottery_tickets t
      SET status = 'won', payout_minor = t.amount_minor * t.odds_scaled * w.hits / 10000, settled_at = ${input.now}
      FROM lottery_draw_winners w
      WHERE t.issue_id = ${issue.id} AND t.status = 'pending'
        AND w.issue_id = t.issue_id AND w.bet_type = t.bet_type AND w.selection = t.selection`);
    await tx.execute(sql`
      UPDATE lottery_tickets SET status = 'lost', payout_minor = 0, settled_at = ${input.now}
      WHERE issue_id = ${issue.id} AND status = 'pending'`);
    const won = rowsOf<{ id: unknown; merchant_id: unknown; member_account_id: unknown; house_account_id: unknown; payout_minor: unknown }>(
      await tx.execute(sql`
        SELECT id, merchant_id, member_account_id, house_account_id, payout_minor
        FROM lottery_tickets WHERE issue_id = ${issue.id} AND status = 'won' AND payout_minor > 0 ORDER BY id`),
    );
    let payoutTotal = 0n;
    for (const ticket of won) {
      const payout = toBigInt(ticket.payout_minor);
      payoutTotal += payout;
      const ticketId = toNumber(ticket.id);
      await postTransfer(
        tx,
        {
          merchantId: toNumber(ticket.merchant_id),
          idempotencyKey: `lottery:ticket:${ticketId}:payout`,
          type: 'payout',
          reference: { kind: 'lottery_ticket', id: String(ticketId) },
          entries: [
            { accountId: toNumber(ticket.house_account_id), amount: -payout },
            { accountId: toNumber(ticket.member_account_id), amount: payout },
          ],
          metadata: { game: issue.gameCode, issue: issue.issueNo },
        },
        () => input.now,
      );
    }
    const [counts] = rowsOf<{ tickets: unknown }>(
      await tx.execute(sql`SELECT count(*) AS tickets FROM lottery_tickets WHERE issue_id = ${issue.id}`),
    );
    await tx
      .update(lotteryIssues)
      .set({
        status: 'DRAWN',
        result: draw,
        drawnAt: input.now,
        ticketCount: toNumber(counts?.tickets),
        winnerCount: won.length,
        payoutTotalMinor: payoutTotal,
      })
      .where(eq(lotteryIssues.id, issue.id));
    drawn.issue = { issueId: issue.id, gameCode: issue.gameCode, result: draw };
    return { status: 'settled', winners: won.length, payoutMinor: payoutTotal };
  });
  // Only after commit: a pushed result must never be one a rollback could take back.
  if (drawn.issue && deps.realtime) await pushLotteryResult(db, deps.realtime, drawn.issue);
  return outcome;
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
  for (const issue of due) if ((await settleLotteryDraw(db, { issueId: issue.id, now }, deps)).status === 'settled') settled += 1;
  return settled;
}

import { and, eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import { leaderboardPayouts, missionLeaderboards } from '../../db/schema/missions';
import type { Db } from '../../platform/db';
import { ensureMemberAccounts, postKeyedBulkTransferInTransaction } from '../wallet/index';
import { missionExpenseAccount } from './claim-mission';
import { readTopScores } from './get-leaderboard';
import { periodKeyOf, previousPeriodKey } from './mission-periods';

/** A closed period is paid this long after it ends, so the fact consumer (lag under 2 s) has counted its last plays. */
export const CLOSE_GRACE_MS = 60_000;
/** Closed periods looked back at, so a node down over a reset still pays the missed periods. */
const LOOK_BACK = { DAILY: 7, WEEKLY: 2 } as const;

/**
 * Pays the prizes of every leaderboard period that has closed: ranks 1..n by the board's
 * prizes, cash from the mission expense account. Once per (board, period, rank): the payout row
 * is inserted with ON CONFLICT DO NOTHING and only inserted rows are paid, each keyed
 * 'leaderboard:<board>:<period>:<rank>' on the ledger, so a second run, a second node or a
 * retry after a crash pays nothing again.
 */
export async function closeLeaderboardPeriods(db: Db, now: Date): Promise<number> {
  const boards = await db
    .select({ board: missionLeaderboards, offset: merchants.utcOffsetMinutes, currency: merchants.currency })
    .from(missionLeaderboards)
    .innerJoin(merchants, eq(merchants.id, missionLeaderboards.merchantId));
  let paid = 0;
  const settledAt = new Date(now.getTime() - CLOSE_GRACE_MS);
  for (const { board, offset, currency } of boards) {
    if (board.prizes.length === 0) continue;
    let key = previousPeriodKey(board.period, periodKeyOf(board.period, settledAt, offset));
    for (let back = 0; back < LOOK_BACK[board.period]; back += 1, key = previousPeriodKey(board.period, key)) {
      paid += await payPeriod(db, { board, periodKey: key, currency, now });
    }
  }
  return paid;
}

async function payPeriod(
  db: Db,
  input: { board: typeof missionLeaderboards.$inferSelect; periodKey: string; currency: string; now: Date },
): Promise<number> {
  const { board, periodKey } = input;
  const [done] = await db
    .select({ id: leaderboardPayouts.id })
    .from(leaderboardPayouts)
    .where(and(eq(leaderboardPayouts.leaderboardId, board.id), eq(leaderboardPayouts.periodKey, periodKey)))
    .limit(1);
  if (done) return 0;
  const prizeOf = new Map(board.prizes.map((prize) => [prize.rank, BigInt(prize.amount)]));
  const top = await readTopScores(db, board.id, periodKey, Math.max(...prizeOf.keys()));
  const winners = top.filter((row) => (prizeOf.get(row.rank) ?? 0n) > 0n);
  if (winners.length === 0) return 0;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(leaderboardPayouts)
      .values(
        winners.map((row) => ({
          leaderboardId: board.id,
          periodKey,
          rank: row.rank,
          memberId: row.memberId,
          merchantId: board.merchantId,
          amount: prizeOf.get(row.rank) as bigint,
          score: row.score,
          createdAt: input.now,
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return 0;
    const cost = await missionExpenseAccount(tx, board.merchantId, input.currency);
    const legs = [];
    for (const payout of inserted.sort((a, b) => a.rank - b.rank)) {
      const accounts = await ensureMemberAccounts(tx, {
        merchantId: board.merchantId,
        memberId: payout.memberId,
        currency: input.currency,
      });
      legs.push({
        accountId: accounts.cash.id,
        amount: payout.amount,
        idempotencyKey: `leaderboard:${board.id}:${periodKey}:${payout.rank}`,
        type: 'bonus' as const,
        reference: { kind: 'leaderboard_payout', id: String(payout.id) },
        metadata: { leaderboardId: board.id, periodKey, rank: payout.rank },
      });
    }
    await postKeyedBulkTransferInTransaction(tx, { merchantId: board.merchantId, counterAccountId: cost.id, legs }, input.now);
    return inserted.length;
  });
}

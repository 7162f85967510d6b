import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../../platform/sql-values';

/**
 * A derived table of the game rounds' play columns (member_id, status, is_trial, opened_at,
 * closed_at, bet_total, payout_total), for set-based joins in another module's statement (the
 * agent's team performance); PostgreSQL inlines it, so the plan is that of a join on game_rounds.
 */
export function gameRoundsRelation(): SQL {
  return sql`(select member_id, status, is_trial, opened_at, closed_at, bet_total, payout_total from ${gameRounds})`;
}

export interface MemberPlay {
  memberId: number;
  validBet: bigint;
  payout: bigint;
  betCount: number;
}

/** Settled play per member of the given ids over [from, to), from the game rounds (this module's table). */
export async function readPlayByMember(db: DbOrTx, input: { memberIds: number[]; from: Date; to: Date }): Promise<Map<number, MemberPlay>> {
  if (input.memberIds.length === 0) return new Map();
  const rows = await db
    .select({
      memberId: gameRounds.memberId,
      validBet: sql<string>`coalesce(sum(${gameRounds.betTotal}), 0)::text`,
      payout: sql<string>`coalesce(sum(${gameRounds.payoutTotal}), 0)::text`,
      betCount: sql<number>`coalesce(sum(${gameRounds.betCount}), 0)::int`,
    })
    .from(gameRounds)
    .where(
      and(
        inArray(gameRounds.memberId, input.memberIds),
        eq(gameRounds.status, 'CLOSED'),
        // Free-trial rounds are play money: no valid bet, no loss.
        eq(gameRounds.isTrial, false),
        gte(gameRounds.closedAt, input.from),
        lt(gameRounds.closedAt, input.to),
      ),
    )
    .groupBy(gameRounds.memberId);
  return new Map(
    rows.map((row) => [
      row.memberId,
      { memberId: row.memberId, validBet: toBigInt(row.validBet), payout: toBigInt(row.payout), betCount: Number(row.betCount) },
    ]),
  );
}

import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { memberTree } from '../../db/schema/accounts';
import { gameRounds } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../wallet/ledger-sql';
import type { TeamPerformance } from './compute-bill-amount';

/**
 * A team's play over [from, to): the member and everyone below it. Valid bet counts settled
 * (CLOSED) rounds only, by settlement time; rounds rolled back entirely carry no stake, so
 * cancelled and void play adds nothing. A member is active when one settled round of theirs
 * staked at least `activeMemberMinBet` (the spec's single-bet minimum) and more than zero.
 * One indexed join: closure rows of the root, then each member's rounds.
 */
export async function readTeamPerformance(
  db: DbOrTx,
  input: { rootMemberId: number; from: Date; to: Date; activeMemberMinBet: bigint; minDepth?: number },
): Promise<TeamPerformance> {
  const minBet = input.activeMemberMinBet > 0n ? input.activeMemberMinBet : 1n;
  const [row] = await db
    .select({
      validBet: sql<string>`coalesce(sum(${gameRounds.betTotal}), 0)::text`,
      netLoss: sql<string>`coalesce(sum(${gameRounds.betTotal} - ${gameRounds.payoutTotal}), 0)::text`,
      activeMembers: sql<number>`count(distinct ${gameRounds.memberId}) filter (where ${gameRounds.betTotal} >= ${minBet.toString()}::bigint)::int`,
    })
    .from(memberTree)
    .innerJoin(gameRounds, eq(gameRounds.memberId, memberTree.descendantId))
    .where(
      and(
        eq(memberTree.ancestorId, input.rootMemberId),
        gte(memberTree.depth, input.minDepth ?? 0),
        eq(gameRounds.status, 'CLOSED'),
        gte(gameRounds.closedAt, input.from),
        lt(gameRounds.closedAt, input.to),
      ),
    );
  return { validBet: toBigInt(row?.validBet), netLoss: toBigInt(row?.netLoss), activeMembers: Number(row?.activeMembers ?? 0) };
}

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import { depositRequests, withdrawalRequests } from '../../db/schema/cashier';
import { gameRounds } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../../platform/sql-values';

/*
 * Aggregates over a subtree. Each is one query that starts from the closure rows of the root
 * (primary key prefix ancestor_id), so the cost grows with the team, not with the whole site.
 */

export interface MoneyFlows {
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
}

/** Approved deposits and withdrawals of the members below `rootId` (depth >= minDepth), by resolution time. */
export async function readTeamMoneyFlows(
  db: DbOrTx,
  input: { rootId: number; from: Date; to: Date; minDepth?: number; memberIds?: number[] },
): Promise<MoneyFlows> {
  const scope = and(
    eq(memberTree.ancestorId, input.rootId),
    gte(memberTree.depth, input.minDepth ?? 1),
    input.memberIds ? inArray(memberTree.descendantId, input.memberIds) : undefined,
  );
  const [deposits] = await db
    .select({ total: sql<string>`coalesce(sum(${depositRequests.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(memberTree)
    .innerJoin(depositRequests, eq(depositRequests.memberId, memberTree.descendantId))
    .where(
      and(
        scope,
        eq(depositRequests.status, 'approved'),
        gte(depositRequests.resolvedAt, input.from),
        lt(depositRequests.resolvedAt, input.to),
      ),
    );
  const [withdrawals] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawalRequests.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(memberTree)
    .innerJoin(withdrawalRequests, eq(withdrawalRequests.memberId, memberTree.descendantId))
    .where(
      and(
        scope,
        eq(withdrawalRequests.status, 'approved'),
        gte(withdrawalRequests.resolvedAt, input.from),
        lt(withdrawalRequests.resolvedAt, input.to),
      ),
    );
  return {
    deposits: toBigInt(deposits?.total),
    depositCount: Number(deposits?.count ?? 0),
    withdrawals: toBigInt(withdrawals?.total),
    withdrawalCount: Number(withdrawals?.count ?? 0),
  };
}

export interface TeamCounts {
  members: number;
  directMembers: number;
  agents: number;
  newMembers: number;
}

export async function readTeamCounts(db: DbOrTx, input: { rootId: number; from: Date; to: Date }): Promise<TeamCounts> {
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      directMembers: sql<number>`count(*) filter (where ${memberTree.depth} = 1)::int`,
      agents: sql<number>`count(*) filter (where ${members.type} in (1, 2, 41, 42))::int`,
      newMembers: sql<number>`count(*) filter (where ${members.createdAt} >= ${input.from.toISOString()}::timestamptz and ${members.createdAt} < ${input.to.toISOString()}::timestamptz)::int`,
    })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, input.rootId), gte(memberTree.depth, 1)));
  return {
    members: Number(row?.members ?? 0),
    directMembers: Number(row?.directMembers ?? 0),
    agents: Number(row?.agents ?? 0),
    newMembers: Number(row?.newMembers ?? 0),
  };
}

export interface MemberPlay {
  memberId: number;
  validBet: bigint;
  payout: bigint;
  betCount: number;
}

/** Settled play per member of the given ids over [from, to). */
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

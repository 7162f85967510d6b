import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { depositRequests, withdrawalRequests } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../../platform/sql-values';

export interface MoneyFlows {
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
}

/**
 * Approved deposits and withdrawals of a set of members, by resolution time in [from, to): the
 * agent centre's team figures. `memberIds` is a subquery of ids (the member face's teamIdsSql),
 * so a whole subtree is still one statement per kind.
 */
export async function sumApprovedRequests(db: DbOrTx, input: { memberIds: SQL; from: Date; to: Date }): Promise<MoneyFlows> {
  const [deposits] = await db
    .select({ total: sql<string>`coalesce(sum(${depositRequests.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(depositRequests)
    .where(
      and(
        inArray(depositRequests.memberId, input.memberIds),
        eq(depositRequests.status, 'approved'),
        gte(depositRequests.resolvedAt, input.from),
        lt(depositRequests.resolvedAt, input.to),
      ),
    );
  const withdrawals = await sumApprovedWithdrawals(db, input);
  return { deposits: toBigInt(deposits?.total), depositCount: Number(deposits?.count ?? 0), ...withdrawals };
}

/**
 * The withdrawals half of sumApprovedRequests, for a reader that has the deposits from the agent
 * rollups (which fold the credited deposits' facts, not withdrawals).
 */
export async function sumApprovedWithdrawals(
  db: DbOrTx,
  input: { memberIds: SQL; from: Date; to: Date },
): Promise<Pick<MoneyFlows, 'withdrawals' | 'withdrawalCount'>> {
  const [withdrawals] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawalRequests.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(withdrawalRequests)
    .where(
      and(
        inArray(withdrawalRequests.memberId, input.memberIds),
        eq(withdrawalRequests.status, 'approved'),
        gte(withdrawalRequests.resolvedAt, input.from),
        lt(withdrawalRequests.resolvedAt, input.to),
      ),
    );
  return { withdrawals: toBigInt(withdrawals?.total), withdrawalCount: Number(withdrawals?.count ?? 0) };
}

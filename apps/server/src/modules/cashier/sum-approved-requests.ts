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
 * agent centre's team figures off whole hours (on whole hours it reads the rollups of the
 * DEPOSIT and WITHDRAWAL facts). `memberIds` is a subquery of ids (the member face's
 * teamIdsSql), so a whole subtree is still one statement per kind.
 */
export async function sumApprovedRequests(db: DbOrTx, input: { memberIds: SQL; from: Date; to: Date }): Promise<MoneyFlows> {
  const deposits = await sumApproved(db, depositRequests, input);
  const withdrawals = await sumApproved(db, withdrawalRequests, input);
  return { deposits: deposits.total, depositCount: deposits.count, withdrawals: withdrawals.total, withdrawalCount: withdrawals.count };
}

/** The sum and count of one kind's approved requests of the members, resolved in [from, to): one statement. */
async function sumApproved(
  db: DbOrTx,
  requests: typeof depositRequests | typeof withdrawalRequests,
  input: { memberIds: SQL; from: Date; to: Date },
): Promise<{ total: bigint; count: number }> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${requests.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(requests)
    .where(
      and(
        inArray(requests.memberId, input.memberIds),
        eq(requests.status, 'approved'),
        gte(requests.resolvedAt, input.from),
        lt(requests.resolvedAt, input.to),
      ),
    );
  return { total: toBigInt(row?.total), count: Number(row?.count ?? 0) };
}

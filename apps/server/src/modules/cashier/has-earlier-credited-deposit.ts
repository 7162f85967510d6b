import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import { depositRequests } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';

/**
 * Whether the member had a deposit credited before this one (by ledger order: the deposit that
 * reached the cash first is the first deposit, whichever order they were requested in). The
 * promotions' turnover engine asks this through a port (modules/index.ts) so a member who
 * deposited before promotions existed, or whose deposits were seeded without facts, never gets
 * a first-deposit bonus on a later deposit.
 */
export async function hasEarlierCreditedDeposit(db: DbOrTx, input: { memberId: number; depositId: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: depositRequests.id })
    .from(depositRequests)
    .where(
      and(
        eq(depositRequests.memberId, input.memberId),
        ne(depositRequests.id, input.depositId),
        isNotNull(depositRequests.ledgerTransferId),
        lt(
          depositRequests.ledgerTransferId,
          sql`coalesce((select ${depositRequests.ledgerTransferId} from ${depositRequests} where ${depositRequests.id} = ${input.depositId}), 9223372036854775807)`,
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

import { and, asc, eq, gt } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/** Members who bound a bank account after `since` (exclusive), oldest first: the risk scan's shared-account candidates. */
export async function listRecentBankAccountMembers(
  db: DbOrTx,
  input: { merchantId: number; since: Date; limit: number },
): Promise<{ memberId: number; boundAt: Date }[]> {
  const rows = await db
    .select({ memberId: bankAccounts.memberId, boundAt: bankAccounts.createdAt })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.merchantId, input.merchantId), gt(bankAccounts.createdAt, input.since)))
    .orderBy(asc(bankAccounts.createdAt))
    .limit(input.limit);
  return rows;
}

import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { vipMembers } from '../../db/schema/vip';
import type { DbOrTx } from '../../platform/db';

/**
 * One keyset batch of the members at the given VIP ranks (a message segment; modules/inbox fans
 * out through its port): the next `limit` member ids above `afterId`, ascending.
 */
export async function listMemberIdsAtRanks(
  db: DbOrTx,
  input: { merchantId: number; ranks: readonly number[]; afterId: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .select({ id: vipMembers.memberId })
    .from(vipMembers)
    .where(
      and(eq(vipMembers.merchantId, input.merchantId), inArray(vipMembers.rank, [...input.ranks]), gt(vipMembers.memberId, input.afterId)),
    )
    .orderBy(asc(vipMembers.memberId))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

import { and, eq, type SQL, sql } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { merchants } from '../../db/schema/merchants';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';

/**
 * A member with its merchant, by id or by username (case-insensitive) in the merchants a filter
 * on the merchants table selects (the back office's adjustment target), in one query.
 */
export async function findMemberWithMerchant(
  db: DbOrTx,
  by: { memberId: number } | { username: string; merchantWhere: SQL | undefined },
): Promise<{ member: MemberRow; merchant: Merchant } | undefined> {
  const where =
    'memberId' in by ? eq(members.id, by.memberId) : and(sql`lower(${members.username}) = lower(${by.username})`, by.merchantWhere);
  const [found] = await db
    .select({ member: members, merchant: merchants })
    .from(members)
    .innerJoin(merchants, eq(merchants.id, members.merchantId))
    .where(where)
    .limit(1);
  return found;
}

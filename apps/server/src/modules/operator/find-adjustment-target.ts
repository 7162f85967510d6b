import { and, eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import type { OperatorIdentity } from '../../platform/operator-auth';

/**
 * The member an adjustment names, with its merchant: by id, or by username (case-insensitive)
 * in the named merchant, else the operator's own, else the default one. The caller checks the
 * operator's scope against the merchant found.
 */
export async function findAdjustmentTarget(
  db: DbOrTx,
  operator: OperatorIdentity,
  input: { memberId?: number | undefined; username?: string | undefined; merchantCode?: string | undefined },
): Promise<{ member: typeof members.$inferSelect; merchant: Merchant } | undefined> {
  let merchantWhere = eq(merchants.isDefault, true);
  if (input.merchantCode) merchantWhere = eq(merchants.code, input.merchantCode);
  else if (operator.merchantId !== null) merchantWhere = eq(merchants.id, operator.merchantId);
  const memberWhere =
    input.memberId !== undefined
      ? eq(members.id, input.memberId)
      : and(sql`lower(${members.username}) = lower(${input.username ?? ''})`, merchantWhere);
  const [found] = await db
    .select({ member: members, merchant: merchants })
    .from(members)
    .innerJoin(merchants, eq(merchants.id, members.merchantId))
    .where(memberWhere)
    .limit(1);
  return found;
}

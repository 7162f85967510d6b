import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import type { OperatorIdentity } from '../../platform/operator-auth';
import { findMemberWithMerchant } from '../member/index';

/**
 * The member an adjustment names, with its merchant: by id, or by username (case-insensitive)
 * in the named merchant, else the operator's own, else the default one. The caller checks the
 * operator's scope against the merchant found.
 */
export async function findAdjustmentTarget(
  db: DbOrTx,
  operator: OperatorIdentity,
  input: { memberId?: number | undefined; username?: string | undefined; merchantCode?: string | undefined },
): Promise<{ member: MemberRow; merchant: Merchant } | undefined> {
  let merchantWhere = eq(merchants.isDefault, true);
  if (input.merchantCode) merchantWhere = eq(merchants.code, input.merchantCode);
  else if (operator.merchantId !== null) merchantWhere = eq(merchants.id, operator.merchantId);
  return findMemberWithMerchant(
    db,
    input.memberId !== undefined ? { memberId: input.memberId } : { username: input.username ?? '', merchantWhere },
  );
}

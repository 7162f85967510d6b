import { and, desc, eq, type SQL } from 'drizzle-orm';
import { type RebateClaimRow, rebateClaims } from '../../db/schema/rebates';
import type { DbOrTx } from '../../platform/db';
import { pageOfRows } from '../../platform/page-of-rows';

export interface RebateClaimPage {
  list: RebateClaimRow[];
  total: number;
}

/** Rebate claims newest first: a member's own history, or a merchant's for the operator (by member, by kind). */
export async function listRebateClaims(
  db: DbOrTx,
  filter: { merchantId: number; memberId?: number | undefined; kind?: 'MANUAL' | 'AUTO' | undefined; pageNo: number; pageSize: number },
): Promise<RebateClaimPage> {
  const conditions: SQL[] = [eq(rebateClaims.merchantId, filter.merchantId)];
  if (filter.memberId !== undefined) conditions.push(eq(rebateClaims.memberId, filter.memberId));
  if (filter.kind) conditions.push(eq(rebateClaims.kind, filter.kind));
  const where = and(...conditions);
  const { rows, total } = await pageOfRows(db, rebateClaims, where, [desc(rebateClaims.createdAt), desc(rebateClaims.id)], filter);
  return { list: rows, total };
}

import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type RebateClaimRow, rebateClaims } from '../../db/schema/rebates';
import type { DbOrTx } from '../../platform/db';

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
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(rebateClaims).where(where);
  const rows = await db
    .select()
    .from(rebateClaims)
    .where(where)
    .orderBy(desc(rebateClaims.createdAt), desc(rebateClaims.id))
    .limit(filter.pageSize)
    .offset((filter.pageNo - 1) * filter.pageSize);
  return { list: rows, total: Number(count?.total ?? 0) };
}

import { and, eq, inArray } from 'drizzle-orm';
import { turnoverRequirements } from '../../db/schema/promotions';
import type { DbOrTx } from '../../platform/db';

/**
 * The members among `memberIds` who are paying off a promotion's turnover now: an ACTIVE
 * requirement that a bonus created (source PROMOTION). A deposit's own 1x, or the turnover of a
 * rebate or a points conversion, is not a promotion. The rebates' "no rebate on promotion play"
 * option asks this once per batch (modules/loyalty-ports.ts), so it is one indexed read for the
 * batch's members, not one per round.
 */
export async function membersPayingOffPromotion(db: DbOrTx, memberIds: readonly number[]): Promise<ReadonlySet<number>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ memberId: turnoverRequirements.memberId })
    .from(turnoverRequirements)
    .where(
      and(
        inArray(turnoverRequirements.memberId, [...memberIds]),
        eq(turnoverRequirements.status, 'ACTIVE'),
        eq(turnoverRequirements.source, 'PROMOTION'),
      ),
    );
  return new Set(rows.map((row) => row.memberId));
}

import { and, asc, eq, gt, gte, ne } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/** Trial players have no inbox (their calls are TRIAL_FORBIDDEN): no segment includes them. */
const TRIAL_TYPE = 4;

/**
 * One keyset batch of a message audience (modules/inbox fans out through its port): the next
 * `limit` member ids above `afterId`, ascending, of the merchant's members (everyone, or those
 * registered since `registeredSince`), or of an agent's team (the closure table's primary key
 * (ancestor, descendant) walks it in order without sorting the team).
 */
export async function listAudienceMemberIds(
  db: DbOrTx,
  input: { merchantId: number; afterId: number; limit: number; registeredSince?: Date; teamOf?: number },
): Promise<number[]> {
  if (input.teamOf !== undefined) {
    const rows = await db
      .select({ id: memberTree.descendantId })
      .from(memberTree)
      .innerJoin(members, eq(members.id, memberTree.descendantId))
      .where(
        and(
          eq(memberTree.ancestorId, input.teamOf),
          gte(memberTree.depth, 1),
          gt(memberTree.descendantId, input.afterId),
          eq(members.merchantId, input.merchantId),
          ne(members.type, TRIAL_TYPE),
        ),
      )
      .orderBy(asc(memberTree.descendantId))
      .limit(input.limit);
    return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.merchantId, input.merchantId),
        gt(members.id, input.afterId),
        ne(members.type, TRIAL_TYPE),
        input.registeredSince ? gte(members.createdAt, input.registeredSince) : undefined,
      ),
    )
    .orderBy(asc(members.id))
    .limit(input.limit);
  return rows.map((row) => row.id);
}

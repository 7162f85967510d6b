import { and, asc, eq, gte, ilike, or, sql } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import { memberTransfers } from '../../db/schema/cashier';
import type { DbOrTx } from '../../platform/db';

/** What a member has sent to its tree since `since` (the business day's start), in minor units. */
export async function sumTransfersSince(db: DbOrTx, memberId: number, since: Date): Promise<bigint> {
  const [usage] = await db
    .select({ amount: sql<string>`coalesce(sum(${memberTransfers.amount}), 0)::text` })
    .from(memberTransfers)
    .where(and(eq(memberTransfers.fromMemberId, memberId), gte(memberTransfers.createdAt, since)));
  return BigInt(usage?.amount ?? '0');
}

/** An agent's active downlines, nearest first, to pick a transfer recipient (at most 50). */
export async function listTransferRecipients(db: DbOrTx, agentId: number, search: string | undefined) {
  // LIKE wildcards typed by the agent are dropped, so a search cannot widen itself to everyone.
  const pattern = search ? `%${search.replace(/[%_\\]/g, '')}%` : null;
  return db
    .select({ id: members.id, username: members.username, nickname: members.nickname, depth: memberTree.depth })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(
      and(
        eq(memberTree.ancestorId, agentId),
        gte(memberTree.depth, 1),
        eq(members.status, 'ACTIVE'),
        pattern ? or(ilike(members.username, pattern), ilike(members.nickname, pattern)) : undefined,
      ),
    )
    .orderBy(asc(memberTree.depth), asc(members.username))
    .limit(50);
}

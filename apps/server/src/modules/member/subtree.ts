import { and, eq, gte } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/*
 * The subtree ("in my team") policy, in one place for the agent centre and the tree transfers:
 * an agent's subtree is a tenant boundary (CONVENTIONS item 7), and a member outside it gets the
 * same answer as a member that does not exist, so the tree cannot be probed.
 */

/**
 * The member `memberId` if it is strictly below `agentId` (depth >= 1, or >= minDepth), in the
 * same merchant; NOT_IN_TEAM otherwise. One primary-key lookup on the closure table.
 */
export async function assertInSubtree(
  db: DbOrTx,
  agentId: number,
  memberId: number,
  options: { minDepth?: number } = {},
): Promise<{ member: MemberRow; depth: number }> {
  const [found] = await db
    .select({ member: members, depth: memberTree.depth })
    .from(memberTree)
    .innerJoin(members, eq(members.id, memberTree.descendantId))
    .where(and(eq(memberTree.ancestorId, agentId), eq(memberTree.descendantId, memberId), gte(memberTree.depth, options.minDepth ?? 1)))
    .limit(1);
  if (!found) throw new AppError('NOT_IN_TEAM');
  return found;
}

import { and, eq, sql } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * Moves a member, with everyone below it, under a new upline, inside the caller's transaction:
 * the closure rows linking the subtree to its old ancestors go, rows to the new upline's
 * ancestors (itself included) come, depths recomputed; the subtree's own rows stay. A new upline
 * inside the member's own subtree would make a cycle (a team that contains itself), so it is
 * refused. Both rows are locked in id order so two moves cannot cross.
 */
export async function moveMemberSubtree(
  tx: Tx,
  input: { memberId: number; newUplineId: number; now: Date },
): Promise<{ movedMembers: number }> {
  if (input.memberId === input.newUplineId) throw new AppError('CONFLICT', { value: { reason: 'own_upline' } });
  await tx.execute(sql`select id from ${members} where id in (${input.memberId}, ${input.newUplineId}) order by id for update`);
  const [cycle] = await tx
    .select({ depth: memberTree.depth })
    .from(memberTree)
    .where(and(eq(memberTree.ancestorId, input.memberId), eq(memberTree.descendantId, input.newUplineId)));
  if (cycle) throw new AppError('CONFLICT', { value: { reason: 'upline_in_subtree' } });

  await tx.execute(sql`
    delete from ${memberTree}
    where descendant_id in (select descendant_id from ${memberTree} where ancestor_id = ${input.memberId})
      and ancestor_id in (select ancestor_id from ${memberTree} where descendant_id = ${input.memberId} and ancestor_id <> ${input.memberId})`);
  await tx.execute(sql`
    insert into ${memberTree} (ancestor_id, descendant_id, depth)
    select above.ancestor_id, below.descendant_id, above.depth + below.depth + 1
    from ${memberTree} above cross join ${memberTree} below
    where above.descendant_id = ${input.newUplineId} and below.ancestor_id = ${input.memberId}`);
  await tx.update(members).set({ uplineId: input.newUplineId, updatedAt: input.now }).where(eq(members.id, input.memberId));
  const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(memberTree).where(eq(memberTree.ancestorId, input.memberId));
  return { movedMembers: count?.n ?? 1 };
}

import { sql } from 'drizzle-orm';
import { members, memberTree } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

export type NewMember = typeof members.$inferInsert;

/** The closure rows of a new member: itself at depth 0, and one level below every ancestor of its upline. */
export async function insertTreeRows(tx: DbOrTx, memberId: number, uplineId: number | null): Promise<void> {
  await tx.insert(memberTree).values({ ancestorId: memberId, descendantId: memberId, depth: 0 });
  if (uplineId !== null) {
    // Every ancestor of the upline (the upline itself at depth 0) becomes an ancestor one level further.
    await tx.execute(sql`
      insert into ${memberTree} (ancestor_id, descendant_id, depth)
      select ancestor_id, ${memberId}, depth + 1 from ${memberTree} where descendant_id = ${uplineId}
    `);
  }
}

/**
 * Inserts a member and its closure rows in the caller's transaction (an agent's new downline, a
 * trial player): the tree is the member module's table, so other modules create members here.
 * A taken username surfaces as the driver's unique violation (23505) for the caller to answer.
 */
export async function insertMember(tx: DbOrTx, values: NewMember): Promise<MemberRow> {
  const [member] = await tx.insert(members).values(values).returning();
  if (!member) throw new Error('member insert returned nothing');
  await insertTreeRows(tx, member.id, values.uplineId ?? null);
  return member;
}

import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/** The avatar the header shows (one of the preset icons). */
export async function setMemberIcon(db: DbOrTx, member: MemberRow, iconId: number, now: Date): Promise<MemberRow> {
  const [row] = await db.update(members).set({ iconId, updatedAt: now }).where(eq(members.id, member.id)).returning();
  return row ?? member;
}

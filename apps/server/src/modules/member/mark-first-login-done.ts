import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/** The first-login action: the welcome flow (and popups of audience F) ran, so it never runs again. */
export async function markFirstLoginDone(db: DbOrTx, member: MemberRow, now: Date): Promise<MemberRow> {
  const [row] = await db.update(members).set({ isFirstLogin: false, updatedAt: now }).where(eq(members.id, member.id)).returning();
  return row ?? member;
}

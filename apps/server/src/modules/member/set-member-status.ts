import { eq } from 'drizzle-orm';
import { type MemberStatus, members } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

/** The back office's lock (FROZEN) and unlock (ACTIVE); platform/auth refuses a non-ACTIVE member's every call. */
export async function setMemberStatus(db: DbOrTx, memberId: number, status: MemberStatus, now: Date): Promise<MemberRow | undefined> {
  const [row] = await db.update(members).set({ status, updatedAt: now }).where(eq(members.id, memberId)).returning();
  return row;
}

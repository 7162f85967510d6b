import { and, eq, isNull } from 'drizzle-orm';
import { memberProfiles } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/*
 * The member's profile row (full name, birthday, contacts): the member module's table, read and
 * written here for the security settings.
 */

export type MemberProfileRow = typeof memberProfiles.$inferSelect;
export type MemberProfileChanges = Partial<Omit<typeof memberProfiles.$inferInsert, 'memberId' | 'updatedAt'>>;

export async function findMemberProfile(db: DbOrTx, memberId: number): Promise<MemberProfileRow | null> {
  const rows = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).limit(1);
  return rows[0] ?? null;
}

/** Writes profile fields, creating the row if the member has none (one upsert). */
export async function upsertMemberProfile(
  db: DbOrTx,
  memberId: number,
  changes: MemberProfileChanges,
  now: Date,
): Promise<MemberProfileRow | undefined> {
  const [row] = await db
    .insert(memberProfiles)
    .values({ memberId, ...changes, updatedAt: now })
    .onConflictDoUpdate({ target: memberProfiles.memberId, set: { ...changes, updatedAt: now } })
    .returning();
  return row;
}

/** Sets the profile's full name only if it has none yet (a confirmed bank account names the holder). */
export async function fillProfileFullName(db: DbOrTx, memberId: number, fullName: string, now: Date): Promise<void> {
  await db.insert(memberProfiles).values({ memberId, fullName, updatedAt: now }).onConflictDoNothing({ target: memberProfiles.memberId });
  await db
    .update(memberProfiles)
    .set({ fullName, updatedAt: now })
    .where(and(eq(memberProfiles.memberId, memberId), isNull(memberProfiles.fullName)));
}

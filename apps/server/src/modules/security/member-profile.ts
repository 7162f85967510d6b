import type { memberProfile } from '@kismat/contracts/security';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { memberProfiles } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';

export type MemberProfileRow = typeof memberProfiles.$inferSelect;

export async function findMemberProfile(db: DbOrTx, memberId: number): Promise<MemberProfileRow | null> {
  const rows = await db.select().from(memberProfiles).where(eq(memberProfiles.memberId, memberId)).limit(1);
  return rows[0] ?? null;
}

export function presentMemberProfile(member: MemberRow, profile: MemberProfileRow | null): z.infer<typeof memberProfile> {
  return {
    nickname: member.nickname,
    fullName: profile?.fullName ?? null,
    telegram: profile?.telegram ?? null,
    zalo: profile?.zalo ?? null,
    birthday: profile?.birthday ?? null,
    address: profile?.address ?? null,
    nationality: profile?.nationality ?? null,
    occupation: profile?.occupation ?? null,
    sourceOfIncome: profile?.sourceOfIncome ?? null,
    placeOfBirth: profile?.placeOfBirth ?? null,
  };
}

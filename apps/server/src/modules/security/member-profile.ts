import type { memberProfile } from '@kismat/contracts/security';
import type { z } from 'zod';
import type { MemberRow } from '../../platform/auth';
import { findMemberProfile, type MemberProfileRow } from '../member/index';

export type { MemberProfileRow };
export { findMemberProfile };

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

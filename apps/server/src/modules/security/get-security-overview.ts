import type { securityOverviewValue } from '@kismat/contracts/security';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { bankAccounts } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { findMemberProfile, maskEmail, maskMobile } from '../member/index';

/** GET /wps/member/security: what is set and bound, for the security centre page. */
export async function getSecurityOverview(db: DbOrTx, member: MemberRow): Promise<z.infer<typeof securityOverviewValue>> {
  const [all] = await db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.memberId, member.id));
  const [bound] = await db
    .select({ n: count() })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, member.id), isNotNull(bankAccounts.confirmedAt)));
  const profile = await findMemberProfile(db, member.id);
  return {
    account: member.username,
    hasLoginPassword: member.passwordHash !== null,
    passwordChangedAt: member.passwordChangedAt.toISOString(),
    hasPaymentPassword: member.paymentPasswordHash !== null,
    mobile: { masked: maskMobile(member.mobile), verified: member.mobileVerifiedAt !== null },
    email: { masked: maskEmail(member.email), verified: member.emailVerifiedAt !== null },
    bankAccountCount: all?.n ?? 0,
    boundBankAccountCount: bound?.n ?? 0,
    totpEnabled: member.totpEnabledAt !== null,
    fullNameSet: Boolean(profile?.fullName),
    birthdaySet: Boolean(profile?.birthday),
    lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: member.lastLoginIp,
  };
}

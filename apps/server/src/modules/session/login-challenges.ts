import type { LoginChallenge, SecondFactorMethod } from '@kismat/contracts/session';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { loginChallenges } from '../../db/schema/accounts';
import { generateToken, hashToken, type MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import type { AccountContext } from '../../platform/request-context';
import { maskEmail, maskMobile } from '../member/index';
import { listConfirmedBankAccounts } from '../security/index';

export const CHALLENGE_MINUTES = 10;
export const MAX_CHALLENGE_ATTEMPTS = 5;
export type LoginChallengeRow = typeof loginChallenges.$inferSelect;

/** The second factors this member can answer, among those the merchant allows. */
export async function availableSecondFactors(db: DbOrTx, member: MemberRow, allowed: SecondFactorMethod[]): Promise<SecondFactorMethod[]> {
  const methods: SecondFactorMethod[] = [];
  for (const method of allowed) {
    if (method === 'SMS' && member.mobile && member.mobileVerifiedAt) methods.push(method);
    if (method === 'EMAIL' && member.email && member.emailVerifiedAt) methods.push(method);
    if (method === 'TOTP' && member.totpEnabledAt) methods.push(method);
    if (method === 'BANK_NAME') {
      if ((await listConfirmedBankAccounts(db, member.id)).length > 0) methods.push(method);
    }
  }
  return methods;
}

/** Parks a password-verified login until its second factor is given. */
export async function createLoginChallenge(
  ctx: AccountContext,
  input: {
    member: MemberRow;
    methods: SecondFactorMethod[];
    remember: boolean;
    loginType: string;
    passwordExpired: boolean;
    forceChangePassword: boolean;
  },
): Promise<LoginChallenge> {
  const token = generateToken();
  const expiresAt = new Date(ctx.now.getTime() + CHALLENGE_MINUTES * 60_000);
  await ctx.db.insert(loginChallenges).values({
    tokenHash: hashToken(token),
    memberId: input.member.id,
    merchantId: ctx.merchant.id,
    methods: input.methods,
    ip: ctx.origin.ip,
    userAgent: ctx.origin.userAgent,
    remember: input.remember,
    loginType: input.loginType,
    passwordExpired: input.passwordExpired,
    forceChangePassword: input.forceChangePassword,
    createdAt: ctx.now,
    expiresAt,
  });
  return {
    challengeId: token,
    methods: input.methods,
    mobile: input.methods.includes('SMS') ? maskMobile(input.member.mobile) : null,
    email: input.methods.includes('EMAIL') ? maskEmail(input.member.email) : null,
    expiresAt: expiresAt.toISOString(),
  };
}

/** An open challenge of this merchant, or null (unknown, used, expired or out of attempts). */
export async function findOpenChallenge(db: DbOrTx, merchantId: number, challengeId: string, now: Date): Promise<LoginChallengeRow | null> {
  const rows = await db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.tokenHash, hashToken(challengeId)),
        eq(loginChallenges.merchantId, merchantId),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, now),
        lt(loginChallenges.attempts, MAX_CHALLENGE_ATTEMPTS),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function countChallengeFailure(db: DbOrTx, challengeId: number, now: Date): Promise<void> {
  await db
    .update(loginChallenges)
    .set({
      attempts: sql`${loginChallenges.attempts} + 1`,
      usedAt: sql`case when ${loginChallenges.attempts} + 1 >= ${MAX_CHALLENGE_ATTEMPTS} then ${now}::timestamptz else null end`,
    })
    .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.usedAt)));
}

/** Single use under parallel answers: only one caller flips used_at. */
export async function closeChallenge(db: DbOrTx, challengeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.usedAt)))
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

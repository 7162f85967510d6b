import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { verificationCodes } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';
import { type CodeCheck, codeMatches, type VerificationCodeInput } from '../member/index';

/** Wrong guesses a code survives; 5 of 10^6 keeps guessing hopeless. */
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Uses up the newest code of a recipient and purpose. Single use even under parallel
 * requests: the final UPDATE is guarded by `used_at is null`, so exactly one caller gets OK.
 * Pass the operation's transaction so a failed registration does not burn the code. Member's
 * face offers it to member's own operations and the callers above (registered in modules/index.ts).
 */
export async function consumeVerificationCode(db: DbOrTx, input: VerificationCodeInput): Promise<CodeCheck> {
  const code = input.code.trim();
  if (!/^\d{6}$/.test(code)) return 'INVALID';
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.merchantId, input.merchantId),
        eq(verificationCodes.channel, input.channel),
        eq(verificationCodes.recipient, input.recipient),
        sql`${verificationCodes.purpose} in ${input.purposes}`,
        isNull(verificationCodes.usedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest) return 'INVALID';
  if (latest.expiresAt <= input.now) return 'EXPIRED';
  if (!codeMatches(latest.codeHash, latest.recipient, latest.purpose, code)) {
    await db
      .update(verificationCodes)
      .set({
        attempts: sql`${verificationCodes.attempts} + 1`,
        usedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${input.now}::timestamptz else null end`,
      })
      .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.usedAt)));
    return 'INVALID';
  }
  const used = await db
    .update(verificationCodes)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(verificationCodes.id, latest.id),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, input.now),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: verificationCodes.id });
  return used.length === 1 ? 'OK' : 'INVALID';
}

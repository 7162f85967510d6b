import type { Language } from '@kismat/contracts/languages';
import { eq, sql } from 'drizzle-orm';
import { paymentPasswordFailures } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { messageWithWait } from '../../platform/messages';
import { verifyPassword } from '../member/password-hash';

/** Wrong payment passwords in a row before the payment password locks. */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
/** How long the lock lasts; the count starts again afterwards. */
export const PAYMENT_PASSWORD_LOCK_MINUTES = 30;
/** A run of wrong guesses this old no longer counts (the owner mistyping once a month never locks). */
const FAILURE_MEMORY_HOURS = 24;

export interface PaymentPasswordContext {
  db: DbOrTx;
  now: Date;
  language: Language;
}

function lockedError(ctx: PaymentPasswordContext, until: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - ctx.now.getTime()) / 1000));
  return new AppError('PAYMENT_PASSWORD_LOCKED', {
    value: { retryAfterSeconds },
    message: messageWithWait('PAYMENT_PASSWORD_LOCKED', ctx.language, retryAfterSeconds),
  });
}

/**
 * Withdrawals, transfers, bill payments and bank bindings need the second password, so a
 * borrowed logged-in session cannot move money out. A 6-digit PIN has only a million values,
 * so guessing is throttled per member (not per session or per node: a new login or another
 * node must not give an attacker fresh tries): PAYMENT_PASSWORD_MAX_FAILURES wrong answers in
 * a row lock it for PAYMENT_PASSWORD_LOCK_MINUTES, whichever call asked.
 *
 * The attempt is counted before the hash is checked, in one guarded statement, so a burst of
 * parallel guesses cannot all pass the "not locked yet" test: only the first
 * PAYMENT_PASSWORD_MAX_FAILURES of them are ever verified. A right answer clears the count.
 */
export async function checkPaymentPassword(
  ctx: PaymentPasswordContext,
  member: Pick<MemberRow, 'id' | 'paymentPasswordHash'>,
  given: string,
): Promise<void> {
  if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  const { db, now } = ctx;
  const table = paymentPasswordFailures;
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_HOURS * 3_600_000);
  // A lock that ended, or a run long forgotten, starts a new count at this attempt.
  const isFresh = sql`(${table.lockedUntil} is not null and ${table.lockedUntil} <= ${now}::timestamptz) or ${table.lastFailureAt} < ${forgetBefore}::timestamptz`;
  const isLocked = sql`${table.lockedUntil} is not null and ${table.lockedUntil} > ${now}::timestamptz`;
  const [attempt] = await db
    .insert(table)
    .values({ memberId: member.id, failures: 1, lastFailureAt: now, lockedUntil: null })
    .onConflictDoUpdate({
      target: table.memberId,
      set: {
        failures: sql`case when ${isFresh} then 1 when ${isLocked} then ${table.failures} else ${table.failures} + 1 end`,
        lockedUntil: sql`case when ${isFresh} then null else ${table.lockedUntil} end`,
        lastFailureAt: sql`case when ${isLocked} then ${table.lastFailureAt} else ${now}::timestamptz end`,
      },
    })
    .returning({ failures: table.failures, lockedUntil: table.lockedUntil });
  const failures = attempt?.failures ?? 1;
  if (attempt?.lockedUntil && attempt.lockedUntil.getTime() > now.getTime()) throw lockedError(ctx, attempt.lockedUntil);
  const lockUntil = new Date(now.getTime() + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000);
  // More attempts in flight than the allowance: refused unverified, as a lock would.
  if (failures > PAYMENT_PASSWORD_MAX_FAILURES) throw lockedError(ctx, lockUntil);

  if (await verifyPassword(member.paymentPasswordHash, given)) {
    await db.delete(table).where(eq(table.memberId, member.id));
    return;
  }
  if (failures >= PAYMENT_PASSWORD_MAX_FAILURES) {
    await db.update(table).set({ lockedUntil: lockUntil }).where(eq(table.memberId, member.id));
    throw lockedError(ctx, lockUntil);
  }
  throw new AppError('PAYMENT_PASSWORD_INVALID', { value: { attemptsLeft: PAYMENT_PASSWORD_MAX_FAILURES - failures } });
}

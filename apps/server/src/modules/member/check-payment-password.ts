import type { Language } from '@kismat/contracts/languages';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { paymentPasswordFailures } from '../../db/schema/accounts';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { messageWithWait } from '../../platform/messages';
import { verifyPassword } from './password-hash';

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
 * parallel guesses cannot all pass the "not locked yet" test: at most
 * PAYMENT_PASSWORD_MAX_FAILURES attempts are being verified at any moment. An attempt beyond
 * that gives its slot back and waits for one (it is not refused: the owner's own parallel
 * withdrawals with the right PIN must all go through); by the time it gets one, a burst of
 * wrong guesses has locked the payment password. A right answer clears the count.
 */
export async function checkPaymentPassword(
  ctx: PaymentPasswordContext,
  member: Pick<MemberRow, 'id' | 'paymentPasswordHash'>,
  given: string,
): Promise<void> {
  if (!member.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_NOT_SET');
  const deadline = Date.now() + SLOT_WAIT_MS;
  for (;;) {
    const failures = await countAttempt(ctx, member.id);
    if (failures !== null) return verifyCountedAttempt(ctx, member, given, failures);
    if (Date.now() >= deadline) throw new AppError('RATE_LIMITED');
    await sleep(10 + Math.floor(Math.random() * 40));
  }
}

/** How long an attempt waits for one of the allowance's verification slots. */
const SLOT_WAIT_MS = 10_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Counts this attempt: its number in the current run, or null when the allowance is all in
 * flight (the slot is given back and the caller waits). Throws when the password is locked.
 */
async function countAttempt(ctx: PaymentPasswordContext, memberId: number): Promise<number | null> {
  const { db, now } = ctx;
  const table = paymentPasswordFailures;
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_HOURS * 3_600_000);
  // A lock that ended, or a run long forgotten, starts a new count at this attempt.
  const isFresh = sql`(${table.lockedUntil} is not null and ${table.lockedUntil} <= ${now}::timestamptz) or ${table.lastFailureAt} < ${forgetBefore}::timestamptz`;
  const isLocked = sql`${table.lockedUntil} is not null and ${table.lockedUntil} > ${now}::timestamptz`;
  const [attempt] = await db
    .insert(table)
    .values({ memberId, failures: 1, lastFailureAt: now, lockedUntil: null })
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
  if (failures <= PAYMENT_PASSWORD_MAX_FAILURES) return failures;
  // More attempts in flight than the allowance: give the slot back, unverified. A right answer
  // that lands meanwhile deletes the row; then there is nothing to give back.
  await db
    .update(table)
    .set({ failures: sql`${table.failures} - 1` })
    .where(and(eq(table.memberId, memberId), isNull(table.lockedUntil), gt(table.failures, 0)));
  return null;
}

async function verifyCountedAttempt(
  ctx: PaymentPasswordContext,
  member: Pick<MemberRow, 'id' | 'paymentPasswordHash'>,
  given: string,
  failures: number,
): Promise<void> {
  const { db, now } = ctx;
  const table = paymentPasswordFailures;
  const lockUntil = new Date(now.getTime() + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000);
  if (await verifyPassword(member.paymentPasswordHash ?? '', given)) {
    await db.delete(table).where(eq(table.memberId, member.id));
    return;
  }
  if (failures >= PAYMENT_PASSWORD_MAX_FAILURES) {
    await db.update(table).set({ lockedUntil: lockUntil }).where(eq(table.memberId, member.id));
    throw lockedError(ctx, lockUntil);
  }
  throw new AppError('PAYMENT_PASSWORD_INVALID', { value: { attemptsLeft: PAYMENT_PASSWORD_MAX_FAILURES - failures } });
}

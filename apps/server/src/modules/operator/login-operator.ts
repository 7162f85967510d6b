import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operatorSessions, operators } from '../../db/schema/operators';
import { recordOperatorAudit } from '../../platform/audit';
import { generateToken, hashToken } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { OPERATOR_SESSION_HOURS, type OperatorIdentity } from '../../platform/operator-auth';
import { verifyPassword } from '../member/password-hash';

/** Consecutive wrong passwords before the account locks; the lock then lasts LOCK_MINUTES. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;

export type OperatorRow = typeof operators.$inferSelect;

/**
 * Logs an operator in: the same argon2id check as members (a dummy hash for unknown names, so
 * timing does not tell which names exist), a lock after MAX_FAILED_LOGINS wrong passwords in a
 * row, and a new opaque session whose token is returned once and stored only as its hash.
 * Every attempt, good or bad, is written to the audit log.
 */
export async function loginOperator(
  request: FastifyRequest,
  input: { username: string; password: string },
): Promise<{ token: string; identity: OperatorIdentity }> {
  const { db } = request.server;
  const now = request.server.now();
  const [operator] = await db.select().from(operators).where(sql`lower(${operators.username}) = lower(${input.username})`).limit(1);
  const actor = { id: operator?.id ?? null, username: operator?.username ?? input.username };

  if (operator?.lockedUntil && operator.lockedUntil.getTime() > now.getTime()) {
    await recordOperatorAudit(db, request, actor, { action: 'session.login_locked', targetType: 'operator', targetId: operator.id });
    throw lockedError(operator.lockedUntil, now);
  }

  const isValid = await verifyPassword(operator?.passwordHash, input.password);
  if (!operator || !isValid) {
    let lockedUntil: Date | null = null;
    if (operator) {
      const [updated] = await db
        .update(operators)
        .set({
          failedLogins: sql`${operators.failedLogins} + 1`,
          lockedUntil: sql`case when ${operators.failedLogins} + 1 >= ${MAX_FAILED_LOGINS} then ${new Date(now.getTime() + LOCK_MINUTES * 60_000)}::timestamptz else null end`,
        })
        .where(sql`${operators.id} = ${operator.id}`)
        .returning({ failedLogins: operators.failedLogins, lockedUntil: operators.lockedUntil });
      lockedUntil = updated?.lockedUntil ?? null;
      await recordOperatorAudit(db, request, actor, {
        action: 'session.login_failed',
        targetType: 'operator',
        targetId: operator.id,
        detail: { failures: updated?.failedLogins ?? null, isLocked: lockedUntil !== null },
      });
    } else {
      await recordOperatorAudit(db, request, actor, { action: 'session.login_failed', detail: { isKnownName: false } });
    }
    if (lockedUntil) throw lockedError(lockedUntil, now);
    throw new AppError('LOGIN_FAILED');
  }
  // Checked after the password, so a wrong guess cannot learn that an account is disabled.
  if (operator.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');

  const token = generateToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000);
  const session = await db.transaction(async (tx) => {
    await tx.update(operators).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(sql`${operators.id} = ${operator.id}`);
    const agent = request.headers['user-agent'];
    const [created] = await tx
      .insert(operatorSessions)
      .values({
        operatorId: operator.id,
        tokenHash: hashToken(token),
        expiresAt,
        ip: request.ip,
        userAgent: agent ? agent.slice(0, 512) : null,
        createdAt: now,
      })
      .returning();
    if (!created) throw new Error('operator session insert returned nothing');
    await recordOperatorAudit(tx, request, actor, { action: 'session.login', targetType: 'operator', targetId: operator.id });
    return created;
  });
  return {
    token,
    identity: {
      id: operator.id,
      username: operator.username,
      role: operator.role,
      merchantId: operator.merchantId,
      sessionId: session.id,
      expiresAt,
    },
  };
}

function lockedError(until: Date, now: Date): AppError {
  return new AppError('RATE_LIMITED', { value: { retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) } });
}

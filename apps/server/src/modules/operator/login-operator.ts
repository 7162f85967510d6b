import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operatorSessions, operators } from '../../db/schema/operators';
import { recordOperatorAudit } from '../../platform/audit';
import { generateToken, hashToken } from '../../platform/auth';
import { verifyCaptcha } from '../../platform/captcha';
import { AppError } from '../../platform/errors';
import { checkLoginThrottle, clearLoginFailures, recordLoginFailure, throttleSettingsOf } from '../../platform/login-throttle';
import { isIpAllowed, isTotpRequired, OPERATOR_SESSION_HOURS, type OperatorIdentity } from '../../platform/operator-auth';
import { verifyPassword } from '../member/index';
import { checkOperatorTotp } from './enrol-operator-totp';
import { operatorFailureStore } from './operator-login-failures';

export type OperatorRow = typeof operators.$inferSelect;

/**
 * Logs an operator in: the same argon2id check as members (a dummy hash for unknown names, so
 * timing does not tell which names exist), the members' login throttle (captcha after a few
 * failures of the name, then growing waits per (name, IP) and a slower one per name; see
 * platform/login-throttle.ts) instead of a lock that anyone who knows a username could
 * set off, and a new opaque session whose token is returned once and stored only as its hash.
 * Every attempt, good or bad, is written to the audit log.
 */
export async function loginOperator(
  request: FastifyRequest,
  input: {
    username: string;
    password: string;
    captcha?: string | undefined;
    captchaId?: string | undefined;
    totpCode?: string | undefined;
  },
): Promise<{ token: string; identity: OperatorIdentity }> {
  const { db } = request.server;
  const now = request.server.now();
  const throttle = operatorFailureStore(db);
  const source = { account: input.username.trim().toLowerCase(), ip: request.ip };
  const settings = throttleSettingsOf(request.server.config);
  const [operator] = await db.select().from(operators).where(sql`lower(${operators.username}) = lower(${input.username})`).limit(1);
  const actor = { id: operator?.id ?? null, username: operator?.username ?? input.username };

  try {
    const { needsCaptcha } = await checkLoginThrottle(throttle, source, { now, settings, language: request.language });
    if (needsCaptcha) await verifyCaptcha(request, { captcha: input.captcha, captchaId: input.captchaId }, { value: { captcha: true } });
  } catch (error) {
    if (error instanceof AppError && error.code === 'LOGIN_THROTTLED') {
      await recordOperatorAudit(db, request, actor, {
        action: 'session.login_throttled',
        ...(operator ? { targetType: 'operator', targetId: operator.id } : {}),
      });
    }
    throw error;
  }

  const isValid = await verifyPassword(operator?.passwordHash, input.password);
  if (!operator || !isValid) {
    const after = await recordLoginFailure(throttle, source, { now, settings });
    if (operator) {
      // Mirrored on the account row for the operators list ("locked" while the name-wide wait runs).
      const accountState = await throttle.read('ACCOUNT', source.account, new Date(now.getTime() - settings.windowMinutes * 60_000));
      const [updated] = await db
        .update(operators)
        .set({ failedLogins: accountState.failures, lockedUntil: accountState.blockedUntil })
        .where(sql`${operators.id} = ${operator.id}`)
        .returning({ failedLogins: operators.failedLogins });
      await recordOperatorAudit(db, request, actor, {
        action: 'session.login_failed',
        targetType: 'operator',
        targetId: operator.id,
        detail: { failures: updated?.failedLogins ?? null, isThrottled: after.blockedUntil !== null },
      });
    } else {
      await recordOperatorAudit(db, request, actor, { action: 'session.login_failed', detail: { isKnownName: false } });
    }
    throw new AppError('LOGIN_FAILED', { value: { captcha: after.captcha } });
  }
  // Checked after the password, so a wrong guess cannot learn that an account is disabled.
  if (operator.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
  if (!isIpAllowed(operator.allowedIps, request.ip)) {
    await recordOperatorAudit(db, request, actor, {
      action: 'session.login_ip_refused',
      targetType: 'operator',
      targetId: operator.id,
      detail: { ip: request.ip },
    });
    throw new AppError('FORBIDDEN', { value: { ip: request.ip } });
  }
  // The second factor: a right password without the authenticator's code opens nothing. A
  // wrong code counts as a failed login (the same throttle), so six digits cannot be walked.
  if (operator.totpEnabledAt !== null) {
    if (!input.totpCode) throw new AppError('LOGIN_VERIFICATION_REQUIRED', { value: { totp: true } });
    if (!(await checkOperatorTotp(db, operator, input.totpCode, now))) {
      const after = await recordLoginFailure(throttle, source, { now, settings });
      await recordOperatorAudit(db, request, actor, {
        action: 'session.login_failed',
        targetType: 'operator',
        targetId: operator.id,
        detail: { totp: true },
      });
      throw new AppError('LOGIN_FAILED', { value: { captcha: after.captcha, totp: true } });
    }
  }
  const isSecondFactorPending = operator.totpEnabledAt === null && isTotpRequired(request.server.config, operator.role);

  const token = generateToken();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000);
  const session = await db.transaction(async (tx) => {
    await tx.update(operators).set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now }).where(sql`${operators.id} = ${operator.id}`);
    await clearLoginFailures(operatorFailureStore(tx), source);
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
        lastSeenAt: now,
        isSecondFactorPending,
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
      isSecondFactorPending,
      hasTotp: operator.totpEnabledAt !== null,
    },
  };
}

import type { OperatorAccountValue } from '@kismat/contracts/operator-accounts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { merchants } from '../../db/schema/merchants';
import { type OperatorRole, type OperatorStatus, operatorSessions, operators } from '../../db/schema/operators';
import { recordOperatorAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { assertMerchantScope, type OperatorIdentity } from '../../platform/operator-auth';
import { hashPassword } from '../member/index';
import { clearOperatorLoginFailures } from './operator-login-failures';

type OperatorRow = typeof operators.$inferSelect;

function present(row: OperatorRow, merchantCode: string | null, now: Date): OperatorAccountValue {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    merchantCode,
    isLocked: row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    hasTotp: row.totpEnabledAt !== null,
    allowedIps: row.allowedIps ?? [],
  };
}

/** What the audit log keeps of an operator: never the hash. */
function auditView(row: OperatorRow) {
  return {
    role: row.role,
    status: row.status,
    merchantId: row.merchantId,
    allowedIps: row.allowedIps ?? [],
    hasTotp: row.totpEnabledAt !== null,
  };
}

/** Operators an admin may see: all of them, or its own merchant's for a scoped admin. */
export async function listOperators(db: DbOrTx, actor: OperatorIdentity, now: Date): Promise<OperatorAccountValue[]> {
  const rows = await db
    .select({ operator: operators, merchantCode: merchants.code })
    .from(operators)
    .leftJoin(merchants, eq(merchants.id, operators.merchantId))
    .where(actor.merchantId === null ? undefined : eq(operators.merchantId, actor.merchantId))
    .orderBy(operators.username);
  return rows.map((row) => present(row.operator, row.merchantCode, now));
}

async function merchantIdOf(db: DbOrTx, actor: OperatorIdentity, code: string | null | undefined): Promise<number | null> {
  if (code === null || code === undefined) return actor.merchantId;
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, code)).limit(1);
  if (!merchant) throw new AppError('NOT_FOUND', { value: { field: 'merchantCode' } });
  assertMerchantScope(actor, merchant.id);
  return merchant.id;
}

/** Creates an operator account (admin only); a scoped admin creates operators of its own merchant. */
export async function createOperator(
  request: FastifyRequest,
  actor: OperatorIdentity,
  input: { username: string; password: string; role: OperatorRole; merchantCode?: string | null | undefined },
): Promise<OperatorAccountValue> {
  const { db } = request.server;
  const now = request.server.now();
  const merchantId = await merchantIdOf(db, actor, input.merchantCode);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ username: input.username, passwordHash, role: input.role, merchantId, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('USERNAME_TAKEN');
    await recordOperatorAudit(tx, request, actor, {
      action: 'operator.created',
      targetType: 'operator',
      targetId: created.id,
      merchantId,
      detail: { username: created.username, after: auditView(created) },
    });
    const [merchant] =
      merchantId === null ? [] : await tx.select({ code: merchants.code }).from(merchants).where(eq(merchants.id, merchantId));
    return present(created, merchant?.code ?? null, now);
  });
}

/**
 * Changes an operator's role, status or password, or clears its lockout. Disabling it or
 * setting a new password ends its sessions. Admins cannot demote or disable themselves, so
 * the last admin cannot lock everyone out by a slip.
 */
export async function updateOperator(
  request: FastifyRequest,
  actor: OperatorIdentity,
  id: number,
  input: {
    role?: OperatorRole | undefined;
    status?: OperatorStatus | undefined;
    password?: string | undefined;
    unlock?: true | undefined;
    allowedIps?: string[] | null | undefined;
    resetTotp?: true | undefined;
  },
): Promise<OperatorAccountValue> {
  const { db } = request.server;
  const now = request.server.now();
  if (actor.id === id && ((input.role && input.role !== actor.role) || input.status === 'DISABLED')) {
    throw new AppError('CONFLICT', { message: 'You cannot change your own role or disable yourself.' });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.merchantId === null && actor.merchantId !== null) throw new AppError('NOT_FOUND');
    if (before.merchantId !== null) assertMerchantScope(actor, before.merchantId);
    const [after] = await tx
      .update(operators)
      .set({
        ...(input.role ? { role: input.role } : {}),
        ...(input.status ? { status: input.status } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.unlock || passwordHash ? { failedLogins: 0, lockedUntil: null } : {}),
        ...(input.allowedIps !== undefined
          ? { allowedIps: input.allowedIps && input.allowedIps.length > 0 ? input.allowedIps : null }
          : {}),
        ...(input.resetTotp ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null } : {}),
      })
      .where(eq(operators.id, id))
      .returning();
    if (!after) throw new AppError('NOT_FOUND');
    // The login throttle's counters of the name go too, or "unlock" would not let the operator in.
    if (input.unlock || passwordHash) await clearOperatorLoginFailures(tx, after.username);
    const endsSessions = Boolean(passwordHash) || Boolean(input.resetTotp) || (input.status === 'DISABLED' && before.status !== 'DISABLED');
    if (endsSessions) {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: now })
        .where(and(eq(operatorSessions.operatorId, id), isNull(operatorSessions.revokedAt)));
    }
    await recordOperatorAudit(tx, request, actor, {
      action: 'operator.updated',
      targetType: 'operator',
      targetId: id,
      merchantId: after.merchantId,
      detail: {
        username: after.username,
        before: auditView(before),
        after: auditView(after),
        passwordChanged: Boolean(passwordHash),
        unlocked: Boolean(input.unlock),
        sessionsEnded: endsSessions,
      },
    });
    const [merchant] =
      after.merchantId === null ? [] : await tx.select({ code: merchants.code }).from(merchants).where(eq(merchants.id, after.merchantId));
    return present(after, merchant?.code ?? null, now);
  });
}

/** Case-insensitive name check, for a clear USERNAME_TAKEN before hashing. */
export async function isOperatorNameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${username})`)
    .limit(1);
  return row !== undefined;
}

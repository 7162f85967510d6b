import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operatorSessions, operators } from '../../db/schema/operators';
import { recordOperatorAudit } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OperatorIdentity } from '../../platform/operator-auth';
import { generateTotpSecret, matchTotp } from '../security/index';

const ISSUER = 'Kismat back office';

type OperatorRow = typeof operators.$inferSelect;

/**
 * Whether the code is the operator's current TOTP (one step of drift), claimed once: the step is
 * stored only if newer than the last one used, so a code read over a shoulder cannot be replayed.
 */
export async function checkOperatorTotp(
  db: DbOrTx,
  operator: Pick<OperatorRow, 'id' | 'totpSecret'>,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!operator.totpSecret) return false;
  const step = matchTotp(operator.totpSecret, code, now);
  if (step === null) return false;
  const claimed = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operator.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return claimed.length > 0;
}

function ownRow(identity: OperatorIdentity): number {
  // The bootstrap token has no account to hold a secret.
  if (identity.id === null) throw new AppError('FORBIDDEN', { value: { needs: 'operator_account' } });
  return identity.id;
}

/** A new secret for the operator's authenticator (replacing an unconfirmed one); the second factor stays as it was until a code confirms it. */
export async function setupOperatorTotp(
  request: FastifyRequest,
  identity: OperatorIdentity,
): Promise<{ secret: string; otpauthUri: string }> {
  const id = ownRow(identity);
  const [row] = await request.server.db.select({ enabledAt: operators.totpEnabledAt }).from(operators).where(eq(operators.id, id));
  // Replacing a working authenticator needs an admin to reset it first: a stolen session must not swap it.
  if (row?.enabledAt) throw new AppError('CONFLICT', { value: { totp: 'already_enabled' } });
  const secret = generateTotpSecret();
  await request.server.db.update(operators).set({ totpSecret: secret, totpLastStep: null }).where(eq(operators.id, id));
  const label = encodeURIComponent(`${ISSUER}:${identity.username}`);
  const otpauthUri = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(ISSUER)}&algorithm=SHA1&digits=6&period=30`;
  return { secret, otpauthUri };
}

/** Turns the second factor on with the first code from the new secret, and opens this session. */
export async function enableOperatorTotp(request: FastifyRequest, identity: OperatorIdentity, code: string): Promise<void> {
  const id = ownRow(identity);
  const { db } = request.server;
  const now = request.server.now();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!row?.totpSecret || row.totpEnabledAt)
      throw new AppError('CONFLICT', { value: { totp: row?.totpEnabledAt ? 'already_enabled' : 'no_setup' } });
    if (!(await checkOperatorTotp(tx, row, code, now)))
      throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'code', message: 'is not the current code' }] } });
    await tx.update(operators).set({ totpEnabledAt: now }).where(eq(operators.id, id));
    await tx
      .update(operatorSessions)
      .set({ isSecondFactorPending: false })
      .where(and(eq(operatorSessions.operatorId, id), sql`${operatorSessions.revokedAt} is null`));
    await recordOperatorAudit(
      tx,
      request,
      { id, username: identity.username },
      { action: 'operator.totp_enabled', targetType: 'operator', targetId: id },
    );
  });
}

import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operatorSessions } from '../../db/schema/operators';
import { recordOperatorAudit } from '../../platform/audit';
import type { OperatorIdentity } from '../../platform/operator-auth';

/** Revokes the calling session (the bootstrap token has none and cannot be revoked) and audits it. */
export async function logoutOperator(request: FastifyRequest, identity: OperatorIdentity): Promise<void> {
  const { db } = request.server;
  await db.transaction(async (tx) => {
    if (identity.sessionId !== null) {
      await tx
        .update(operatorSessions)
        .set({ revokedAt: request.server.now() })
        .where(and(eq(operatorSessions.id, identity.sessionId), isNull(operatorSessions.revokedAt)));
    }
    await recordOperatorAudit(tx, request, identity, {
      action: 'session.logout',
      targetType: 'operator',
      targetId: identity.id ?? undefined,
    });
  });
}

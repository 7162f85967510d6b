import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { factDeadLetters, factQueue } from '../../db/schema/facts';
import { type OperatorAuditActor, recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * Puts a dead letter back into the queue (its engine fixed), with its audit row, in one
 * transaction. Safe for exactly once: every failed attempt rolled back with its batch, so no
 * engine ever applied the fact. It keeps its id (engines key their effects on it), starts again
 * at 0 attempts, and leaves fact_dead_letters, so a second retry of the same one is NOT_FOUND
 * rather than a second copy in the queue.
 */
export async function retryDeadLetter(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  input: { merchantId: number; factId: number; reason?: string | undefined },
): Promise<{ factId: number }> {
  return db.transaction(async (tx) => {
    const [dead] = await tx
      .delete(factDeadLetters)
      .where(and(eq(factDeadLetters.merchantId, input.merchantId), eq(factDeadLetters.factId, input.factId)))
      .returning();
    if (!dead) throw new AppError('NOT_FOUND');
    await tx.insert(factQueue).values({
      id: dead.factId,
      merchantId: dead.merchantId,
      memberId: dead.memberId,
      kind: dead.kind,
      sourceId: dead.sourceId,
      gameType: dead.gameType,
      amount: dead.amount,
      payout: dead.payout,
      occurredAt: dead.occurredAt,
      attempts: 0,
    });
    await recordOperatorAudit(tx, request, actor, {
      action: 'fact.dead_letter_retried',
      targetType: 'fact',
      targetId: dead.factId,
      merchantId: dead.merchantId,
      memberId: dead.memberId,
      reason: input.reason ?? null,
      detail: { kind: dead.kind, sourceId: dead.sourceId, attempts: dead.attempts, engine: dead.engine, error: dead.error },
    });
    return { factId: dead.factId };
  });
}

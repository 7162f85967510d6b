import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { factDeadLetters, factQueue } from '../../db/schema/facts';
import type { DbOrTx } from '../../platform/db';

export interface FactQueueStatus {
  pending: number;
  /** How long the oldest pending fact has waited, in ms (0 when none). */
  oldestAgeMs: number;
  deadLetters: number;
}

export type FactDeadLetter = typeof factDeadLetters.$inferSelect;

/** The queue's depth and lag and the dead-letter count, of one merchant or all (bench, the back office). */
export async function readFactQueueStatus(db: DbOrTx, now: Date = new Date(), merchantId?: number): Promise<FactQueueStatus> {
  const queueScope: SQL | undefined = merchantId === undefined ? undefined : eq(factQueue.merchantId, merchantId);
  const deadScope: SQL | undefined = merchantId === undefined ? undefined : eq(factDeadLetters.merchantId, merchantId);
  const [queue] = await db
    .select({ pending: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${factQueue.occurredAt})` })
    .from(factQueue)
    .where(and(queueScope));
  const [dead] = await db.select({ count: sql<number>`count(*)::int` }).from(factDeadLetters).where(and(deadScope));
  const oldest = queue?.oldest ? new Date(queue.oldest) : null;
  return {
    pending: Number(queue?.pending ?? 0),
    oldestAgeMs: oldest ? Math.max(0, Math.round(now.getTime() - oldest.getTime())) : 0,
    deadLetters: Number(dead?.count ?? 0),
  };
}

/** A merchant's dead letters, newest first. */
export function listFactDeadLetters(db: DbOrTx, merchantId: number, limit = 50): Promise<FactDeadLetter[]> {
  return db.select().from(factDeadLetters).where(eq(factDeadLetters.merchantId, merchantId)).orderBy(desc(factDeadLetters.id)).limit(limit);
}

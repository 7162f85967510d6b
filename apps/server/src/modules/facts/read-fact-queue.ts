import { sql } from 'drizzle-orm';
import { factDeadLetters, factQueue } from '../../db/schema/facts';
import type { DbOrTx } from '../../platform/db';

export interface FactQueueStatus {
  pending: number;
  /** How long the oldest pending fact has waited, in ms (0 when none). */
  oldestAgeMs: number;
  deadLetters: number;
}

/** The queue's depth and lag and the dead-letter count (bench, health, the back office). */
export async function readFactQueueStatus(db: DbOrTx, now: Date = new Date()): Promise<FactQueueStatus> {
  const [queue] = await db
    .select({ pending: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${factQueue.occurredAt})` })
    .from(factQueue);
  const [dead] = await db.select({ count: sql<number>`count(*)::int` }).from(factDeadLetters);
  const oldest = queue?.oldest ? new Date(queue.oldest) : null;
  return {
    pending: Number(queue?.pending ?? 0),
    oldestAgeMs: oldest ? Math.max(0, now.getTime() - oldest.getTime()) : 0,
    deadLetters: Number(dead?.count ?? 0),
  };
}

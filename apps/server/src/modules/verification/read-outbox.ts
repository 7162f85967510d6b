import type { outboxQuery } from '@kismat/contracts/verification';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { outboxMessages } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

/** The newest messages the outbox providers kept, optionally for one channel and recipient. */
export async function readOutbox(db: DbOrTx, query: z.output<typeof outboxQuery>) {
  const conditions: SQL[] = [];
  if (query.channel) conditions.push(eq(outboxMessages.channel, query.channel));
  if (query.to)
    conditions.push(
      eq(outboxMessages.recipient, query.to.trim().toLowerCase().startsWith('+') ? query.to.trim() : query.to.trim().toLowerCase()),
    );
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(outboxMessages.id))
    .limit(query.limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

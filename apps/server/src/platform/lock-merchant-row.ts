import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';
import { AppError } from './errors';

/** A table whose rows belong to one merchant each and have a numeric id. */
type MerchantTable = PgTable & { id: PgColumn; merchantId: PgColumn };

/**
 * The merchant's row `id` of `table`, locked (FOR UPDATE) until the transaction ends. Another
 * merchant's id answers NOT_FOUND, as a missing one does: a scoped operator cannot probe ids.
 * A null merchant (an operator over every merchant) finds the row of any merchant.
 */
export async function lockMerchantRow<T extends MerchantTable>(
  tx: DbOrTx,
  table: T,
  merchantId: number | null,
  id: number,
): Promise<T['$inferSelect']> {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), merchantId === null ? undefined : eq(table.merchantId, merchantId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row as T['$inferSelect'];
}

import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';

/** Which page of a list: 1-based number and its size. */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

/**
 * One page of `table`'s rows matching `where` in `order`, and how many rows match in all (for
 * the list's pager): the offset paging every back-office and history list uses.
 */
export async function pageOfRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  order: (SQL | PgColumn)[],
  page: PageRequest,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [matching] = await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(where);
  return { rows: rows as T['$inferSelect'][], total: matching?.total ?? 0 };
}

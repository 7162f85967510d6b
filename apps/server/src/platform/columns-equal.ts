import { and, eq, getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';

/**
 * The row filter "every named column equals its value": `columnsEqual(t, { memberId, kind })` is
 * `and(eq(t.memberId, memberId), eq(t.kind, kind))`, for the look-ups by a natural key (a member's
 * row of a period, an idempotency key in a merchant). Other conditions go beside it in `and(...)`.
 */
export function columnsEqual<T extends Table>(table: T, values: { [K in keyof InferSelectModel<T>]?: InferSelectModel<T>[K] }): SQL {
  const columns = getTableColumns(table);
  const conditions = Object.entries(values).map(([name, value]) => {
    const column = columns[name];
    if (!column || value === undefined) throw new Error(`columnsEqual: no column or no value for ${name}`);
    return eq(column, value);
  });
  const where = and(...conditions);
  if (!where) throw new Error('columnsEqual: no columns named');
  return where;
}

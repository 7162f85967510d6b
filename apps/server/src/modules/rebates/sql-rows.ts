import { type SQL, sql } from 'drizzle-orm';

/**
 * Rows as one jsonb parameter with snake_case keys (bigints as strings): a batch travels in one
 * bind whatever its size, on both drivers, and reads back with jsonb_to_recordset.
 */
export function jsonRows(rows: readonly Record<string, unknown>[]): SQL {
  const snake = rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value])),
  );
  return sql`${JSON.stringify(snake, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}::jsonb`;
}

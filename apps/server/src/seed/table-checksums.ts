import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db';

export type TableChecksum = { table: string; rows: number; checksum: string };

/** Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`. */
async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Row count and an order-independent digest of every table in the public schema: two equal
 * results mean no row was added, removed or changed (used to prove the seed is idempotent).
 */
export async function checksumTables(db: Db): Promise<TableChecksum[]> {
  const tables = await selectRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: TableChecksum[] = [];
  for (const { table_name: table } of tables) {
    const [row] = await selectRows<{ rows: number; checksum: string }>(
      db,
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as checksum from ${sql.identifier(table)} t`,
    );
    if (row) result.push({ table, rows: Number(row.rows), checksum: row.checksum });
  }
  return result;
}

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { merchants } from '../../apps/server/src/db/schema/merchants';
import { type Db, openPostgres } from '../../apps/server/src/platform/db';
import { seedDatabase } from '../../apps/server/src/seed/seed';

/** Runs one statement on the server's maintenance connection (CREATE / DROP DATABASE). */
export async function runAdminQuery(databaseUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A data generator's connection (no statement timeout: one step may run for minutes) and its
 * `step(label, query, values)`: one statement, logged with its row count (as `rowsText` writes
 * it) and seconds. The caller ends the client.
 */
export async function openGeneratorClient(databaseUrl: string, log: (line: string) => void, rowsText: (count: number) => string = String) {
  const client = new pg.Client({ connectionString: databaseUrl, statement_timeout: 0 });
  await client.connect();
  const step = async (label: string, query: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(query, values);
    log(`  ${label}: ${rowsText(result.rowCount ?? 0)} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  return { client, step };
}

/**
 * Runs `measure` on a scratch database of the server at `databaseUrl` (migrated and seeded without
 * demo data), like the tests' but without their 15 s statement timeout: a big bench step is one
 * long transaction by design. The database is dropped after, whatever happens.
 */
export async function withScratchDatabase(
  databaseUrl: string,
  poolMax: number,
  measure: (db: Db, merchantId: number) => Promise<void>,
): Promise<void> {
  const name = `kismat_bench_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(databaseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = openPostgres({ url: url.toString(), poolMax, connectTimeoutMs: 5000, statementTimeoutMs: 3_600_000 });
  try {
    await database.migrate();
    await seedDatabase(database.db, { demo: false });
    const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'KISMAT'));
    if (!merchant) throw new Error('no KISMAT merchant');
    await measure(database.db, merchant.id);
  } finally {
    await database.close();
    await runAdminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

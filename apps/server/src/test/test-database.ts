import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../platform/db';

/**
 * A fresh, migrated database for one test file: a new Postgres database when DATABASE_URL is
 * set (dropped on close), else an in-memory PGlite. Tests never share state or depend on order.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const name = `kismat_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  // Tests race 50 requests on a 10-connection pool on a loaded 2-core machine: waiting for a
  // connection is normal here, so the wait is longer than production's 5 s default.
  const database = openPostgres({ url: testUrl.toString(), poolMax: 10, connectTimeoutMs: 30_000, statementTimeoutMs: 15000 });
  await database.migrate();
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

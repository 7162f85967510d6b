import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, openPglite, openPostgres } from '../platform/db';

// Any constant works; it only has to be the same for every test process making the template.
const TEMPLATE_LOCK_KEY = 727_274_002;

/** A name for the migrated template of the migrations as they are now (a new migration makes a new one). */
function templateName(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return `kismat_tpl_${hash.digest('hex').slice(0, 16)}`;
}

async function withAdmin<T>(url: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

let template: Promise<string> | undefined;

/**
 * The migrated template database for this set of migrations, made once per server (the first test
 * process to need it makes it under an advisory lock; the others wait and reuse it). Cloning it
 * (`CREATE DATABASE … TEMPLATE`) is a file copy: a fraction of running every migration per test file.
 */
function ensureTemplate(url: string): Promise<string> {
  template ??= withAdmin(url, async (admin) => {
    const name = templateName();
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query('SELECT datistemplate FROM pg_database WHERE datname = $1', [name]);
      if (found.rows[0]?.datistemplate === true) return name;
      // Half made (a process died while migrating it): start again.
      if (found.rowCount) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      const templateUrl = new URL(url);
      templateUrl.pathname = `/${name}`;
      const database = openPostgres({ url: templateUrl.toString(), poolMax: 1, connectTimeoutMs: 30_000, statementTimeoutMs: 0 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      // Marked only once complete: a clone never copies a half-migrated template.
      await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return template;
}

/**
 * A fresh, migrated database for one test file: a new Postgres database when DATABASE_URL is
 * set (cloned from the migrated template, dropped on close), else an in-memory PGlite. Tests
 * never share state or depend on order.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(undefined);
    await database.migrate();
    return database;
  }
  const name = `kismat_test_${randomBytes(6).toString('hex')}`;
  const source = await ensureTemplate(url);
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`));
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  // Tests race 50 requests on a 10-connection pool on a loaded 2-core machine: waiting for a
  // connection is normal here, so the wait is longer than production's 5 s default.
  const database = openPostgres({ url: testUrl.toString(), poolMax: 10, connectTimeoutMs: 30_000, statementTimeoutMs: 15000 });
  // A no-op on the clone (its migration journal came with it); kept so a test of `migrate` sees the real thing.
  await database.migrate();
  const close = database.close;
  return {
    ...database,
    async close() {
      await close();
      await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

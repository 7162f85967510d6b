import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index';

export type Schema = typeof schema;
/** One type for both drivers: node-postgres (DATABASE_URL) and embedded PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction Drizzle hands to `db.transaction(...)` callbacks (a savepoint's too). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Queries take an optional transaction; the operation owns the boundary. */
export type DbOrTx = Db | Tx;

/**
 * Runs `work` in a transaction of its own, or in a savepoint when the caller already holds one
 * (an operation such as approveWithdrawal updates its own rows and the ledger atomically).
 */
export function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  // A transaction's own transaction() opens a savepoint and passes the same kind of object;
  // only the optional isolation config differs, and it is not used here.
  return (db as Db).transaction(work);
}

export interface Database {
  db: Db;
  /**
   * Slow reads (the agent centre's reports and team lists over large subtrees) run here: a pool
   * of their own (REPORT_POOL_MAX connections, REPORT_STATEMENT_TIMEOUT_MS), so however many
   * of them wait, money calls and jobs on `db` always get a connection (issue 16). PGlite: `db`.
   */
  reportDb: Db;
  kind: 'postgres' | 'pglite';
  /** Where the data lives: the URL without credentials, or the PGlite folder. */
  location: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

// Any constant works; it only has to be the same for every node migrating this database.
const MIGRATION_LOCK_KEY = 727_274_001;

/** The report pool's size and statement timeout (see Database.reportDb). */
export const REPORT_POOL_MAX = 3;
export const REPORT_STATEMENT_TIMEOUT_MS = 10_000;

export interface PostgresOptions {
  url: string;
  poolMax: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

export function openPostgres(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    // A request waiting for a connection on a full pool fails instead of hanging forever.
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.statementTimeoutMs,
    idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
    idleTimeoutMillis: 30_000,
    application_name: 'kismat',
  });
  pool.on('error', () => {
    // An idle client lost its server; the pool replaces it. Nothing to do per request.
  });
  // A client checked out by a request (inside a transaction) has no pool listener: when
  // Postgres drops it (pg_terminate_backend, failover, restart) node-postgres emits 'error' on
  // the client itself, and an 'error' event nobody listens to is an uncaught exception that
  // took the whole process down (issue 11, finding 2). The request using the client still
  // sees the failure (its query rejects, the client is not queryable any more), answers a
  // retryable 503, and the pool discards the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const reportPool = new pg.Pool({
    connectionString: options.url,
    max: REPORT_POOL_MAX,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: Math.min(options.statementTimeoutMs, REPORT_STATEMENT_TIMEOUT_MS),
    idle_in_transaction_session_timeout: options.statementTimeoutMs * 2,
    idleTimeoutMillis: 30_000,
    application_name: 'kismat-reports',
  });
  reportPool.on('error', () => undefined);
  reportPool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const reportDb = drizzleNodePg(reportPool, { schema }) as unknown as Db;
  const safeUrl = new URL(options.url);
  safeUrl.password = safeUrl.password ? '***' : '';
  return {
    db,
    reportDb,
    kind: 'postgres',
    location: safeUrl.toString(),
    async migrate() {
      const client = await pool.connect();
      try {
        // Several nodes may boot at once; one migrates, the others wait and find nothing to do.
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    async close() {
      await Promise.all([pool.end(), reportPool.end()]);
    },
  };
}

/** Embedded Postgres (WASM). `dataDir` undefined means in memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let location = 'memory://';
  if (dataDir) {
    location = path.resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  // pg_trgm: the member search's trigram indexes (migration 0040).
  const client = await PGlite.create(dataDir ? location : undefined, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    reportDb: db,
    kind: 'pglite',
    location,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await client.close();
    },
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DB_POOL_MAX: number;
  DB_CONNECT_TIMEOUT_MS: number;
  DB_STATEMENT_TIMEOUT_MS: number;
}): Promise<Database> {
  if (config.DATABASE_URL) {
    return openPostgres({
      url: config.DATABASE_URL,
      poolMax: config.DB_POOL_MAX,
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
  }
  return openPglite(config.DATA_DIR);
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

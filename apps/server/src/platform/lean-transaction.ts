import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './db';

interface DrizzleInternals {
  /** The session's schema is the relational configuration Drizzle hands its transactions. */
  _: { session: { client: unknown; options: object; schema: unknown } };
  dialect: PgDialect;
}

/** The transaction object of each pooled connection, built the first time the connection serves one. */
const transactions = new WeakMap<pg.PoolClient, Tx>();

/**
 * `db.transaction(work)` for a hot path (issue 16, session 12): the same BEGIN, work, COMMIT on
 * one pooled connection (ROLLBACK and the error when `work` throws), without Drizzle building a
 * new transaction object per call. Drizzle's builds a database object with a relational query
 * builder per table of the schema each time: a twentieth of a slot spin's server CPU. Here each
 * pooled connection keeps one, reused by its transactions one after another (a connection
 * serves one transaction at a time; `work` must not keep `tx` after it returns, as with
 * Drizzle's). When BEGIN or ROLLBACK fails the connection is discarded, not put back. PGlite:
 * Drizzle's own transaction.
 */
export async function leanTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const internals = db as unknown as DrizzleInternals;
  const { session } = internals._;
  const pool = session.client;
  if (!(pool instanceof pg.Pool)) return db.transaction(work);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    let tx = transactions.get(client);
    if (!tx) {
      const clientSession = new NodePgSession(client, internals.dialect, session.schema as never, session.options);
      tx = new NodePgTransaction(internals.dialect, clientSession, session.schema as never) as unknown as Tx;
      transactions.set(client, tx);
    }
    await client.query('BEGIN').catch((error: Error) => {
      broken = error;
      throw error;
    });
    try {
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackFailed: Error) => {
        broken = rollbackFailed;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

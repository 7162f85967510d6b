import type { Db, DbOrTx } from '../../platform/db';

/*
 * Small adapters between the two drivers. node-postgres returns int8 as a string, PGlite as a
 * bigint; raw results come back as `{ rows }` from both.
 */

export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('Unexpected query result shape');
}

export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'string' || typeof value === 'number') return BigInt(value);
  if (value === null || value === undefined) return 0n;
  throw new Error(`Not an integer: ${typeof value}`);
}

export function toNumber(value: unknown): number {
  const result = Number(toBigInt(value));
  if (!Number.isSafeInteger(result)) throw new Error('Integer out of safe range');
  return result;
}

/** The SQLSTATE of a driver error, looking through Drizzle's wrapper. */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

/** The transaction object Drizzle hands to `db.transaction(...)` callbacks. */
export type LedgerTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What every ledger operation accepts: the database, or a transaction the caller already holds. */
export type LedgerDb = DbOrTx | LedgerTx;

/**
 * Runs `work` in a transaction of its own, or in a savepoint when the caller already holds one
 * (an operation such as approveWithdrawal updates its own rows and the ledger atomically).
 */
export function inTransaction<T>(db: LedgerDb, work: (tx: LedgerTx) => Promise<T>): Promise<T> {
  // A transaction's own transaction() opens a savepoint and passes the same kind of object;
  // only the optional isolation config differs, and it is not used here.
  return (db as Db).transaction(work);
}

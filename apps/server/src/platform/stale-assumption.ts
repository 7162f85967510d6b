import { type SQL, sql } from 'drizzle-orm';
import { sqlStateOf } from './database-errors';

/*
 * A statement that writes on what its caller assumed (a value cached from the last call, rows it
 * expects unchanged) checks the assumption under the statement's own locks and ends with an error
 * when it no longer holds: an autocommit statement then leaves nothing, and the caller takes its
 * usual path (issue 16 item 1, the slot spin's one statement). The database function is
 * migration 0060's assume_or_stale.
 */

/** The SQLSTATE assume_or_stale raises. */
export const STALE_ASSUMPTION_SQLSTATE = 'KS409';

/** A boolean SQL expression: true when `holds` does, else the statement ends with KS409 ("stale assumption: <what>"). */
export function assumeSql(holds: SQL, what: string): SQL<boolean> {
  return sql<boolean>`assume_or_stale(${holds}, ${what}::text)`;
}

/** Whether `error` is a statement ended by assumeSql (looking through the driver's wrappers). */
export function isStaleAssumption(error: unknown): boolean {
  return sqlStateOf(error) === STALE_ASSUMPTION_SQLSTATE;
}

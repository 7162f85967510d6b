import pg from 'pg';

/**
 * Counts the SQL statements every pg client of this process sends from now until `stop()` (the
 * app's pool and its jobs included): what a bench divides by its answered calls.
 */
export function countPgStatements(): { count: () => number; stop: () => void } {
  let statements = 0;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  return {
    count: () => statements,
    stop: () => {
      pg.Client.prototype.query = clientQuery;
    },
  };
}

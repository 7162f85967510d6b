import pg from 'pg';

/** One query node-postgres was asked to send: the client it went on, its prepared-statement name, its text. */
export interface DriverQuery {
  client: pg.Client;
  name: string | undefined;
  text: string;
}

/**
 * Runs `run` and answers what node-postgres was asked to send meanwhile, on every client, in order
 * (tests that count statements or round trips). PostgreSQL only: on PGlite nothing goes through pg.
 */
export async function driverQueriesDuring<T>(run: () => Promise<T>): Promise<{ result: T; sent: DriverQuery[] }> {
  const sent: DriverQuery[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function recorded(this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; name?: string };
    sent.push(
      typeof config === 'string'
        ? { client: this, name: undefined, text: config }
        : { client: this, name: config.name, text: (config.text ?? '').trim() },
    );
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await run(), sent };
  } finally {
    pg.Client.prototype.query = query;
  }
}

/**
 * The statement names (or texts, for unnamed ones) sent during `run`, with the prepared-statement
 * counter suffix dropped; on PGlite (nothing goes through pg) `run` runs and the answer is null.
 */
export async function statementNamesDuring(database: { kind: string }, run: () => Promise<unknown>): Promise<string[] | null> {
  if (database.kind !== 'postgres') {
    await run();
    return null;
  }
  const { sent } = await driverQueriesDuring(run);
  return sent.map((query) => (query.name ?? query.text).replace(/_\d+$/, ''));
}

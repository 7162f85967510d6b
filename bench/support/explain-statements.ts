import pg from 'pg';

/** One explained statement: where its time went on the server. */
export interface ExplainedStatement {
  text: string;
  /** Named prepared statement (planned once per connection), or null for an unnamed one. */
  name: string | null;
  planningMs: number;
  executionMs: number;
  triggers: { name: string; ms: number; calls: number }[];
  /** The plan's JIT block when Postgres compiled the statement. */
  jit?: unknown;
}

export interface ExplainOptions {
  /** How much of each statement's text the log keeps (whitespace folded). */
  textLength?: number;
  /** A statement whose text contains this is also explained VERBOSE and printed, once per text. */
  fullFor?: string;
  /** false: a statement that cannot be explained is reported and sent as it was; true (default): the run stops. */
  stopOnFailure?: boolean;
}

/**
 * Until the returned stop is called, every statement any pg client of this process sends (except
 * transaction control) is first run as EXPLAIN (ANALYZE, BUFFERS, SUMMARY) inside a savepoint
 * that is rolled back, then sent as it was: planning and execution time per statement, the
 * triggers' time. A named statement is explained as its text (EXPLAIN cannot run a prepared
 * one by name), so its planning time is what an unnamed send would cost, not what it costs now.
 */
export function explainStatements(log: ExplainedStatement[], options: ExplainOptions = {}): () => void {
  const { textLength = 120, fullFor, stopOnFailure = true } = options;
  const fullShown = new Set<string>();
  const clientQuery = pg.Client.prototype.query;
  const control = /^\s*(begin|commit|rollback|savepoint|release|set |select pg_advisory)/i;
  let savepoint = 0;
  pg.Client.prototype.query = function explainedQuery(this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
    const name = typeof config === 'string' ? null : ((config as { name?: string })?.name ?? null);
    // Drizzle sends (config, values); others put the values in the config.
    const values =
      (typeof config === 'string' ? undefined : (config as { values?: unknown[] })?.values) ?? (args[1] as unknown[] | undefined);
    const original = clientQuery as (...rest: unknown[]) => Promise<unknown>;
    if (!text || control.test(text) || typeof args[args.length - 1] === 'function') return original.apply(this, args);
    savepoint += 1;
    const point = `explain_${savepoint}`;
    return (async () => {
      // Inside a transaction a savepoint undoes the explained run; outside one, a transaction of its own.
      const inTransaction = await original.call(this, `SAVEPOINT ${point}`).then(
        () => true,
        () => original.call(this, 'BEGIN').then(() => false),
      );
      try {
        const result = (await original.call(this, { text: `EXPLAIN (ANALYZE, BUFFERS, SUMMARY, FORMAT JSON) ${text}`, values })) as {
          rows: { 'QUERY PLAN': unknown }[];
        };
        if (fullFor && text.includes(fullFor) && !fullShown.has(text)) {
          fullShown.add(text);
          const full = (await original.call(this, { text: `EXPLAIN (ANALYZE, BUFFERS, SUMMARY, VERBOSE) ${text}`, values })) as {
            rows: { 'QUERY PLAN': string }[];
          };
          console.log(text, '\n', values, '\n', full.rows.map((row) => row['QUERY PLAN']).join('\n'));
        }
        const [plan] = result.rows[0]!['QUERY PLAN'] as {
          'Planning Time': number;
          'Execution Time': number;
          Triggers?: { 'Trigger Name': string; Time: number; Calls: number }[];
          JIT?: unknown;
        }[];
        log.push({
          text: text.replace(/\s+/g, ' ').slice(0, textLength),
          name,
          planningMs: plan!['Planning Time'],
          executionMs: plan!['Execution Time'],
          triggers: (plan!.Triggers ?? []).map((trigger) => ({ name: trigger['Trigger Name'], ms: trigger.Time, calls: trigger.Calls })),
          jit: plan!.JIT,
        });
      } catch (error) {
        console.error(`explain failed: ${(error as Error).message} | ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
        if (stopOnFailure) throw error;
      } finally {
        if (inTransaction) {
          await original.call(this, `ROLLBACK TO SAVEPOINT ${point}`);
          await original.call(this, `RELEASE SAVEPOINT ${point}`);
        } else {
          await original.call(this, 'ROLLBACK');
        }
      }
      return original.apply(this, args);
    })();
  } as typeof clientQuery;
  return () => {
    pg.Client.prototype.query = clientQuery;
  };
}

import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db';

/**
 * The texts given a statement name so far, and the name of each. A text is named once per
 * process and keeps its name: node-postgres prepares a name on each connection the first time
 * that connection sends it, and refuses a known name with another text.
 */
const names = new Map<string, string>();
/**
 * Every connection keeps each name it prepared until it closes: the names are bounded so a
 * caller whose text varied with its values would not grow every connection's statement cache
 * without end. Past this many texts, a new one is sent unnamed (as `execute` does).
 */
export const MAX_PREPARED_TEXTS = 256;

interface DrizzleInternals {
  _: {
    session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: string | undefined,
        isArray: false,
      ): { execute(): Promise<unknown> };
    };
  };
  dialect: PgDialect;
}

/**
 * `db.execute(query)` as a named prepared statement (issue 16): Postgres parses and plans a
 * statement sent unnamed on every call, which for a hot path's large multi-part statement
 * costs more than running it; a named one is parsed once per connection and, once its plan
 * is as good as a fresh one (plan_cache_mode auto: after five runs, a generic plan when its
 * estimated cost is no worse than the custom plans'), planned once. Works in a transaction
 * (the transaction's connection prepares it) and on the pool (each connection the first time).
 * The name is `prefix` and a counter per distinct text, so a statement built with
 * variants (a trial player's, a win's) gets one name per variant. The result is what
 * `db.execute` answers (`{ rows }`), with the same type parsing. PGlite has no statement
 * names: the same call runs it unnamed there.
 */
export function executePrepared(db: DbOrTx, prefix: string, query: SQL): Promise<unknown> {
  const internals = db as unknown as DrizzleInternals;
  const built = internals.dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined && names.size < MAX_PREPARED_TEXTS) {
    name = `${prefix}_${names.size + 1}`;
    names.set(built.sql, name);
  }
  return internals._.session.prepareQuery(built, undefined, name, false).execute();
}

/** How many texts have a statement name in this process (tests). */
export function preparedTextCount(): number {
  return names.size;
}

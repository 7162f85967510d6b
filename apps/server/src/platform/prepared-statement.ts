import { Column, DrizzleQueryError, is, Name, SQL, StringChunk, Table } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
      /** node-postgres: the pool (a database) or the checked-out client (a transaction); PGlite: its instance. */
      client: unknown;
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
 * `db.execute` answers (`{ rows }`, node-postgres' own type parsing), and a failure is
 * Drizzle's DrizzleQueryError with the driver's error as its cause, as from `db.execute`.
 * PGlite has no statement names: the same call runs it unnamed there.
 *
 * On node-postgres the text is flattened here and sent to the driver directly: Drizzle's
 * general query builder and its per-call prepared-query object were a tenth of a slot spin's
 * server CPU (issue 16, session 12). Only what a hand-written `sql` template holds is
 * flattened (text, nested templates, plain values as parameters); anything else (a column, a
 * table, a placeholder, an array, an object value) goes through Drizzle's builder.
 */
export function executePrepared(db: DbOrTx, prefix: string, query: SQL): Promise<unknown> {
  const internals = db as unknown as DrizzleInternals;
  const { client } = internals._.session;
  const fast = client instanceof pg.Pool || client instanceof pg.Client ? flattenSql(query, internals.dialect) : null;
  const built = fast ?? internals.dialect.sqlToQuery(query);
  let name = names.get(built.sql);
  if (name === undefined && names.size < MAX_PREPARED_TEXTS) {
    name = `${prefix}_${names.size + 1}`;
    names.set(built.sql, name);
  }
  if (!fast) return internals._.session.prepareQuery(built, undefined, name, false).execute();
  const driver = client as pg.Pool | pg.Client;
  return driver.query({ name, text: built.sql, types: DRIZZLE_RAW_TYPES }, built.params).catch((error: unknown) => {
    throw new DrizzleQueryError(built.sql, built.params, error as Error);
  });
}

/**
 * The type parsing Drizzle's node-postgres driver gives `execute` (its raw query config): dates,
 * times and intervals stay text; everything else is node-postgres' own parser.
 */
const TEXT_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;
const DRIZZLE_RAW_TYPES = {
  getTypeParser: ((typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? asText : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser,
};

/**
 * The text and parameters Drizzle's PgDialect builds for a template of text, templates, plain
 * values, and names, columns and tables (their text is Drizzle's own, kept per column and table);
 * null for anything else.
 */
export function flattenSql(query: SQL, dialect: PgDialect): { sql: string; params: unknown[] } | null {
  const params: unknown[] = [];
  const parts: string[] = [];
  return append(query, dialect, parts, params) ? { sql: parts.join(''), params } : null;
}

/** The text Drizzle writes for a column or table (it has no parameters), per object: they live as long as the schema. */
const entityTexts = new WeakMap<object, string>();

function append(query: SQL, dialect: PgDialect, parts: string[], params: unknown[]): boolean {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of query.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      for (const text of chunk.value) parts.push(text);
    } else if (chunk instanceof SQL) {
      if (!append(chunk, dialect, parts, params)) return false;
    } else if (chunk === undefined) {
      // Drizzle writes nothing for it.
    } else if (
      chunk === null ||
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'bigint' ||
      typeof chunk === 'boolean'
    ) {
      params.push(chunk);
      parts.push(`$${params.length}`);
    } else if (chunk instanceof Name) {
      parts.push(dialect.escapeName(chunk.value));
    } else if (is(chunk, Column) || is(chunk, Table)) {
      let text = entityTexts.get(chunk);
      if (text === undefined) {
        const built = dialect.sqlToQuery(new SQL([chunk]));
        if (built.params.length > 0) return false;
        text = built.sql;
        entityTexts.set(chunk, text);
      }
      parts.push(text);
    } else return false;
  }
  return true;
}

/** How many texts have a statement name in this process (tests). */
export function preparedTextCount(): number {
  return names.size;
}

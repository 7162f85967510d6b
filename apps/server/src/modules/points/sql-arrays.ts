import { type SQL, sql } from 'drizzle-orm';

/*
 * Postgres array literals for set-based statements: a batch of facts goes to the database as a
 * few arrays unnested in one statement instead of one round trip per fact. Only integers and
 * the fixed category words pass through here (no quoting needed, nothing from a user).
 */

export function bigintArray(values: readonly (bigint | number)[]): SQL {
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

export function wordArray(values: readonly string[]): SQL {
  for (const value of values) if (!/^[A-Z_]{1,20}$/.test(value)) throw new Error(`not a category word: ${value}`);
  return sql`${`{${values.join(',')}}`}::text[]`;
}

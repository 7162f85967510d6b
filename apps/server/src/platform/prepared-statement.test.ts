import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema/accounts';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './db';
import { executePrepared, flattenSql } from './prepared-statement';
import { rowsOf } from './sql-values';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const doubled = (value: number, variant: 'plain' | 'labelled') =>
  variant === 'plain'
    ? sql`SELECT ${value}::integer * 2 AS doubled, now() AS at`
    : sql`SELECT ${value}::integer * 2 AS doubled, now() AS at, 'labelled' AS label`;

describe('executePrepared', () => {
  it('answers what execute answers, with the same type parsing, in and out of a transaction', async () => {
    const { db } = database;
    const plain = rowsOf<{ doubled: number; at: unknown }>(await db.execute(doubled(21, 'plain')));
    const prepared = rowsOf<{ doubled: number; at: unknown }>(await executePrepared(db, 'test_doubled', doubled(21, 'plain')));
    expect(prepared[0]!.doubled).toBe(42);
    expect(typeof prepared[0]!.at).toBe(typeof plain[0]!.at);
    const inTransaction = await db.transaction(async (tx) =>
      rowsOf<{ doubled: number }>(await executePrepared(tx, 'test_doubled', doubled(5, 'plain'))),
    );
    expect(inTransaction[0]!.doubled).toBe(10);
    // A failure is Drizzle's wrapper with the driver's error as its cause, as from execute.
    const divide = sql`SELECT 1 / ${0}::integer AS never`;
    const failure = { name: 'Error', message: expect.stringContaining('Failed query'), cause: expect.objectContaining({ code: '22012' }) };
    await expect(db.execute(divide)).rejects.toMatchObject(failure);
    await expect(executePrepared(db, 'test_divide', divide)).rejects.toMatchObject(failure);
  });

  it('on Postgres, sends one named statement per distinct text, planned once per connection', async () => {
    if (database.kind !== 'postgres') return;
    const names = await database.db.transaction(async (tx) => {
      for (const value of [1, 2, 3]) await executePrepared(tx, 'test_variant', doubled(value, 'plain'));
      await executePrepared(tx, 'test_variant', doubled(4, 'labelled'));
      return rowsOf<{ name: string; statement: string }>(
        await tx.execute(sql`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%AS doubled%' ORDER BY name`),
      );
    });
    // Three calls of one text share a name (the one the first test gave it); the labelled variant has its own.
    expect(names).toHaveLength(2);
    expect(names.map((row) => row.statement.includes('labelled')).sort()).toEqual([false, true]);
  });

  it('flattens a template of text, nested templates and plain values, names, columns and tables as Drizzle builds it, and leaves anything else to Drizzle', () => {
    const dialect = new PgDialect();
    const inner = sql`x = ${7} AND y = ${'seven'}`;
    const query = sql`SELECT ${1}::integer, ${10n}::bigint, ${true}, ${null}::text, ${undefined}${inner}, ${members.username}, ${sql.identifier('x')}
      FROM ${members} WHERE ${sql`(${inner})`} ${sql.raw('LIMIT 1')}`;
    const drizzle = dialect.sqlToQuery(query);
    expect(flattenSql(query, dialect)).toEqual({ sql: drizzle.sql, params: drizzle.params });
    expect(flattenSql(query, dialect)?.params).toEqual([1, 10n, true, null, 7, 'seven', 7, 'seven']);
    // An array (Drizzle's parenthesised list), an object value and a placeholder are Drizzle's to build.
    expect(flattenSql(sql`SELECT ${[1, 2]}`, dialect)).toBeNull();
    expect(flattenSql(sql`SELECT ${new Date(0)}`, dialect)).toBeNull();
    expect(flattenSql(sql`SELECT ${sql.placeholder('p')}`, dialect)).toBeNull();
  });
});

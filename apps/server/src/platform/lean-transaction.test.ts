import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './db';
import { leanTransaction } from './lean-transaction';
import { rowsOf } from './sql-values';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE lean_probe (id integer PRIMARY KEY)`);
});
afterAll(async () => {
  await database.close();
});

const probeIds = async () =>
  rowsOf<{ id: number }>(await database.db.execute(sql`SELECT id FROM lean_probe ORDER BY id`)).map((row) => row.id);

describe('leanTransaction', () => {
  it('commits what the work wrote, and on a throw rolls all of it back and rethrows that error', async () => {
    const { db } = database;
    const answer = await leanTransaction(db, async (tx) => {
      await tx.execute(sql`INSERT INTO lean_probe VALUES (1), (2)`);
      return 'done';
    });
    expect(answer).toBe('done');
    const failure = new Error('refused after writing');
    await expect(
      leanTransaction(db, async (tx) => {
        await tx.execute(sql`INSERT INTO lean_probe VALUES (3)`);
        await tx.execute(sql`UPDATE lean_probe SET id = id + 10`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await probeIds()).toEqual([1, 2]);
  });

  it('runs concurrent transactions on their own connections, each in one transaction', async () => {
    if (database.kind !== 'postgres') return;
    const seen = await Promise.all(
      [1, 2, 3].map(() =>
        leanTransaction(database.db, async (tx) => {
          const first = rowsOf<{ pid: number; xid: string }>(
            await tx.execute(sql`SELECT pg_backend_pid() AS pid, txid_current()::text AS xid`),
          );
          await tx.execute(sql`SELECT pg_sleep(0.05)`);
          const second = rowsOf<{ pid: number; xid: string }>(
            await tx.execute(sql`SELECT pg_backend_pid() AS pid, txid_current()::text AS xid`),
          );
          return { first: first[0]!, second: second[0]! };
        }),
      ),
    );
    for (const { first, second } of seen) expect(second).toEqual(first);
    expect(new Set(seen.map(({ first }) => first.pid)).size).toBe(3);
  });

  it('does not put back a connection Postgres ended mid-transaction: the next transaction works', async () => {
    if (database.kind !== 'postgres') return;
    const { db } = database;
    await expect(
      leanTransaction(db, async (tx) => {
        await tx.execute(sql`INSERT INTO lean_probe VALUES (4)`);
        await db.execute(
          sql`SELECT pg_terminate_backend(${rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid})`,
        );
        await tx.execute(sql`SELECT 1`);
      }),
    ).rejects.toThrow();
    for (let index = 0; index < 5; index += 1) {
      await leanTransaction(db, async (tx) => tx.execute(sql`SELECT 1`));
    }
    expect(await probeIds()).toEqual([1, 2]);
  });
});

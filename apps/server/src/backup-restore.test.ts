import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './platform/sql-values';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { runNpmScript } from './test/crash-harness';
import { createFundedMember } from './test/vendor-test-kit';

/*
 * docs/operations.md "Backup and restore" (issue 20), done as written: pg_dump of a live database
 * with money on it (custom format), pg_restore into a fresh database, and `npm run ledger:verify`
 * on the restored copy passes, with every transfer and entry there.
 */
const run = promisify(execFile);
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('backup and restore', () => {
  let t: TestApp;
  const restored = `kismat_restore_${Date.now().toString(36)}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'kismat-backup-'));
  const admin = new pg.Client({ connectionString: url });

  beforeAll(async () => {
    t = await buildTestApp();
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${restored} with (force)`).catch(() => undefined);
    await admin.end();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const urlOf = (database: string) => {
    const target = new URL(url as string);
    target.pathname = `/${database}`;
    return target.toString();
  };
  const counts = async (connectionString: string) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select (select count(*) from ledger_transfers)::int as transfers, (select count(*) from ledger_entries)::int as entries, (select coalesce(sum(balance), 0)::text from ledger_accounts) as total',
      );
      return rows[0] as { transfers: number; entries: number; total: string };
    } finally {
      await client.end();
    }
  };

  it('a pg_dump restored into a fresh database passes ledger:verify with every transfer', { timeout: 120_000 }, async () => {
    for (let member = 0; member < 3; member++) await createFundedMember(t.app, 500_00n);
    const [row] = rowsOf<{ name: string }>(await t.app.db.execute(sql`select current_database() as name`));
    const source = urlOf(row?.name ?? '');
    const dump = path.join(dir, 'kismat.dump');

    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source]);
    expect(statSync(dump).size).toBeGreaterThan(0);
    await admin.query(`create database ${restored}`);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${urlOf(restored)}`, dump]);

    const before = await counts(source);
    expect(before.transfers).toBeGreaterThanOrEqual(3);
    expect(await counts(urlOf(restored))).toEqual(before);
    const verify = await runNpmScript('ledger:verify', { DATABASE_URL: urlOf(restored) });
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toContain(`ledger:verify OK`);
    expect(verify.stdout).toContain(`${before.transfers} transfers`);
  });
});

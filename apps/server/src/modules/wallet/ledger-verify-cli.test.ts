import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { merchants } from '../../db/schema/merchants';
import { type Database, openPglite } from '../../platform/db';
import { createTestDatabase } from '../../test/test-database';
import { ensureMemberAccounts } from './ensure-member-accounts';
import { openAccount } from './open-account';
import { postTransfer } from './post-transfer';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = 'src/modules/wallet/ledger-verify-cli.ts';

interface CliRun {
  code: number;
  output: string;
}

/** Runs the real CLI as `npm run ledger:verify -w @kismat/server` would, in a child process. */
function runCli(env: Record<string, string | undefined>): Promise<CliRun> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', INIT_CWD: undefined, ...env };
    for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
    execFile(process.execPath, ['--import', 'tsx', CLI], { cwd: SERVER_ROOT, env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 99) : 0;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
}

async function writeSomeMoney(database: Database): Promise<number> {
  const { db } = database;
  const [merchant] = await db.insert(merchants).values({ code: 'cli-test', name: 'CLI test' }).returning({ id: merchants.id });
  const merchantId = merchant!.id;
  const cashier = await openAccount(db, { merchantId, code: 'CASHIER_CLEARING', currency: 'BDT', subkey: 'nagad' });
  const { cash } = await ensureMemberAccounts(db, { merchantId, memberId: 7, currency: 'BDT' });
  await postTransfer(db, {
    merchantId,
    idempotencyKey: 'cli-deposit-1',
    type: 'deposit',
    entries: [
      { accountId: cashier.id, amount: -12_345n },
      { accountId: cash.id, amount: 12_345n },
    ],
  });
  return cash.id;
}

async function tamperBalance(database: Database, accountId: number, delta: number): Promise<void> {
  await database.db.execute(sql`UPDATE ledger_accounts SET balance = balance + ${delta} WHERE id = ${accountId}`);
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('ledger:verify CLI', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'prints OK and exits 0 on a sound Postgres ledger, BREACH and 1 after tampering',
    { timeout: 60_000 },
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.close());
      const cashId = await writeSomeMoney(database);
      const sound = await runCli({ DATABASE_URL: database.location });
      expect(sound).toEqual({ code: 0, output: expect.stringMatching(/^ledger:verify OK: \d+ accounts, 1 transfers, 2 entries$/) });

      await tamperBalance(database, cashId, 1);
      const broken = await runCli({ DATABASE_URL: database.location });
      expect(broken.code).toBe(1);
      expect(broken.output).toMatch(/^ledger:verify BREACH: 1 accounts not matching their entries \[\d+\]; money created or lost in BDT/);
      expect(broken.output.split('\n')).toHaveLength(1);
    },
  );

  // Each CLI run boots an on-disk PGlite (a few seconds on a busy two-core machine).
  it('reads the embedded database in DATA_DIR: 2 without tables, 0 when sound, 1 on a breach', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kismat-ledger-cli-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const embedded = { DATABASE_URL: undefined, DATA_DIR: dataDir };

    const empty = await runCli(embedded);
    expect(empty.code).toBe(2);
    expect(empty.output).toContain('no ledger tables');

    let database = await openPglite(dataDir);
    await database.migrate();
    const cashId = await writeSomeMoney(database);
    await database.close();
    expect(await runCli(embedded)).toEqual({ code: 0, output: expect.stringMatching(/^ledger:verify OK: /) });

    database = await openPglite(dataDir);
    await tamperBalance(database, cashId, -1);
    await database.close();
    const broken = await runCli(embedded);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain('ledger:verify BREACH');
  });
});

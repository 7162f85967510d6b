/**
 * `npm run ledger:verify` at scale (issue 16): a scratch database with `--entries` ledger entries
 * (default 7,600,000), generated set-based in a few statements (generate_series; no row-by-row
 * loop, triggers off for the session): accounts with 4 transfers each (deposit, bet, payout, bet)
 * against one counter account whose chain holds half of all entries, every balance, version and
 * balance_after exactly what postTransfer would have written. Then the real command, `npm run
 * ledger:verify` (a child process, its own connection and no request statement timeout), timed,
 * and once more after one balance is tampered with (it must then exit 1 naming that account).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/ledger-verify/run.ts [--entries 7600000] [--keep] [--db NAME]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/platform/db';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createMerchant } from '../../apps/server/src/test/factories';
import { requireDatabaseUrl } from '../support/bench-app';
import { commandLine } from '../support/command-line';
import { runAdminQuery } from '../support/scratch-database';

const { args, option } = commandLine();
const databaseUrl = requireDatabaseUrl('ledger-verify');
const entries = Number(option('--entries') ?? 7_600_000);
const accounts = Math.ceil(entries / 8);
const reuse = option('--db');
const name = reuse ?? `kismat_ledger_${randomBytes(4).toString('hex')}`;
const keep = args.includes('--keep') || reuse !== undefined;
const url = new URL(databaseUrl);
url.pathname = `/${name}`;
const root = fileURLToPath(new URL('../..', import.meta.url));

/** Generates the ledger in a handful of set-based statements; returns the first account id. */
async function generate(merchantId: number, currency: string): Promise<number> {
  const client = new pg.Client({ connectionString: url.toString(), statement_timeout: 0 });
  await client.connect();
  const step = async (label: string, query: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(query, values);
    console.log(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  try {
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    await step(
      'accounts',
      `INSERT INTO ledger_accounts (merchant_id, owner_kind, code, subkey, currency, balance, version)
       SELECT $1, 'system', 'ADJUSTMENT', 'lv' || g, $2, 100000, 4 FROM generate_series(1, $3::int) AS g ORDER BY g`,
      [merchantId, currency, accounts],
    );
    await step(
      'counter account',
      `INSERT INTO ledger_accounts (merchant_id, owner_kind, code, subkey, currency, allows_negative, balance, version)
       VALUES ($1, 'system', 'ADJUSTMENT', 'lv-counter', $2, true, -100000::bigint * $3, 4 * $3::bigint)`,
      [merchantId, currency, accounts],
    );
    const ids = await client.query<{ first: string; last: string; counter: string }>(
      `SELECT min(id) AS first, max(id) AS last, (SELECT id FROM ledger_accounts WHERE subkey = 'lv-counter' AND merchant_id = $1) AS counter
         FROM ledger_accounts WHERE merchant_id = $1 AND subkey LIKE 'lv%' AND subkey <> 'lv-counter'`,
      [merchantId],
    );
    const first = Number(ids.rows[0]?.first);
    if (Number(ids.rows[0]?.last) - first + 1 !== accounts) throw new Error('account ids are not contiguous');
    const counter = Number(ids.rows[0]?.counter);
    // Transfer j (0-based): account first + j/4, move k = j%4 of (deposit +1000.00, bet -200.00, payout +300.00, bet -100.00).
    await step(
      'transfers',
      `INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, description, created_at)
       SELECT $1, 'adjustment', 'lv:' || j, 'bench', 'bench', now() - make_interval(secs => ($2::bigint - j) % 2592000)
         FROM generate_series(0, $2::bigint - 1) AS j ORDER BY j`,
      [merchantId, accounts * 4],
    );
    const transfers = await client.query<{ first: string }>(
      `SELECT min(id) AS first FROM ledger_transfers WHERE idempotency_key LIKE 'lv:%'`,
    );
    const firstTransfer = Number(transfers.rows[0]?.first);
    // Secondary indexes built once after the load (a sorted build), not entry by entry.
    const indexes = await client.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE tablename = 'ledger_entries' AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'ledger_entries'::regclass)`,
    );
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.name}`);
    const amount = `(ARRAY[100000, -20000, 30000, -10000]::bigint[])[j % 4 + 1]`;
    const after = `(ARRAY[100000, 80000, 110000, 100000]::bigint[])[j % 4 + 1]`;
    await step(
      'entries',
      `INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
       SELECT $1 + j, $2 + j / 4, 0, ${amount}, ${after}, j % 4 + 1, now() FROM generate_series(0, $3::bigint - 1) AS j
       UNION ALL
       SELECT $1 + j, $4, 0, -${amount}, -(100000 * (j / 4) + ${after}), j + 1, now() FROM generate_series(0, $3::bigint - 1) AS j`,
      [firstTransfer, first, accounts * 4, counter],
    );
    for (const index of indexes.rows) await step(`index ${index.name}`, index.definition);
    await client.query(`SET session_replication_role = DEFAULT`);
    const started = performance.now();
    await client.query('VACUUM ANALYZE ledger_accounts, ledger_transfers, ledger_entries');
    console.log(`  vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return first;
  } finally {
    await client.end();
  }
}

function verify(label: string): { code: number | null; seconds: number; output: string } {
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', 'ledger:verify'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: url.toString() },
  });
  const seconds = (performance.now() - started) / 1000;
  const output = `${run.stdout}${run.stderr}`.trim().split('\n').filter(Boolean).join(' | ');
  console.log(`${label}: exit ${run.status} in ${seconds.toFixed(1)} s: ${output}`);
  return { code: run.status, seconds, output };
}

if (!reuse) await runAdminQuery(databaseUrl, `CREATE DATABASE ${name}`);
let firstAccount = 0;
try {
  const setup = openPostgres({ url: url.toString(), poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 3_600_000 });
  try {
    await setup.migrate();
    if (!reuse) {
      await seedDatabase(setup.db, { demo: false });
      const { merchant } = await createMerchant(setup.db, {});
      console.log(`generating ${(accounts * 8).toLocaleString('en')} entries (${accounts.toLocaleString('en')} accounts) in ${name}`);
      const started = performance.now();
      firstAccount = await generate(merchant.id, merchant.currency);
      console.log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await setup.close();
  }
  const sound = verify('ledger:verify (sound ledger)');
  let tampered = { code: 1 as number | null, seconds: 0, output: '' };
  if (firstAccount) {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    await client.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = $1`, [firstAccount + 7]);
    tampered = verify('ledger:verify (one balance tampered)');
    await client.query(`UPDATE ledger_accounts SET balance = balance - 1 WHERE id = $1`, [firstAccount + 7]);
    await client.end();
  }
  const isSound = sound.code === 0 && tampered.code === 1 && (!firstAccount || tampered.output.includes(`[${firstAccount + 7}`));
  console.log(
    `\nledger:verify at ${(accounts * 8).toLocaleString('en')} entries: ${sound.seconds.toFixed(1)} s (target < 30 s), checks ${isSound ? 'passed' : 'FAILED'}`,
  );
  if (!isSound) process.exitCode = 1;
} finally {
  if (keep) console.log(`kept database ${name} (rerun with --db ${name}; drop it with: dropdb ${name})`);
  else await runAdminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

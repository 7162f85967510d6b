/**
 * Daily-salary settlement at scale (issue 16: 10,000 contracts under 5 s). A scratch database
 * with `--contracts` daily-salary contracts (default 10,000): 1% top agents under a platform
 * contract, the rest agents under a contract from their top agent, each agent with two players
 * who played two settled rounds in the day; generated set-based. Then the real settlement of
 * that day (settleContracts, as the job runs it), timed: the teams' read and the whole run; a
 * second run (every bill already claimed: pays nothing); the bills' tally and verifyLedger.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/settlement/run.ts [--contracts 10000] [--keep] [--profile]
 *
 * `--template-only` generates the data and keeps it (no settlement); `--from <database>` settles
 * a fresh copy of such a database (CREATE DATABASE ... TEMPLATE): before/after runs on the very
 * same data, back to back.
 *
 * `--profile` times every SQL statement of the first settlement run in the client and prints the
 * costliest statement shapes (what the run's time went to).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { merchants } from '../../apps/server/src/db/schema/merchants';
import { lastEndedPeriod } from '../../apps/server/src/modules/agent/contract-periods';
import { settleContracts } from '../../apps/server/src/modules/agent/settle-contracts';
import { readTeamPerformances } from '../../apps/server/src/modules/agent/team-performance';
import { registerModulePorts } from '../../apps/server/src/modules/index';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { openPostgres } from '../../apps/server/src/platform/db';
import { rowsOf } from '../../apps/server/src/platform/sql-values';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createMerchant } from '../../apps/server/src/test/factories';
import { requireDatabaseUrl } from '../support/bench-app';
import { commandLine } from '../support/command-line';
import { runAdminQuery } from '../support/scratch-database';

const { args, option } = commandLine();
const databaseUrl = requireDatabaseUrl('settlement');
const contracts = Number(option('--contracts') ?? 10_000);
const tops = Math.max(1, Math.round(contracts / 100));
const agents = contracts - tops;
const name = `kismat_settle_${randomBytes(4).toString('hex')}`;
const from = option('--from');
const isTemplateOnly = args.includes('--template-only');
const keep = args.includes('--keep') || isTemplateOnly;
const profile = args.includes('--profile');
/** Statement shape (first 90 characters, whitespace folded) -> calls and milliseconds, while profiling. */
const statements = new Map<string, { calls: number; ms: number }>();
let isProfiling = false;
/** Wraps a query method: a promise-returning call is timed under its statement's shape (a callback call is the pool's inner one). */
function timedQuery(query: (...args: unknown[]) => unknown) {
  return function timed(this: unknown, ...args: unknown[]) {
    const result = query.apply(this, args);
    if (!isProfiling || !(result instanceof Promise)) return result;
    const first = args[0] as string | { text?: string };
    const shape = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 90);
    const at = performance.now();
    const done = () => {
      const row = statements.get(shape) ?? { calls: 0, ms: 0 };
      row.calls += 1;
      row.ms += performance.now() - at;
      statements.set(shape, row);
    };
    result.then(done, done);
    return result;
  };
}
if (profile) {
  pg.Client.prototype.query = timedQuery(pg.Client.prototype.query as never) as typeof pg.Client.prototype.query;
  pg.Pool.prototype.query = timedQuery(pg.Pool.prototype.query as never) as typeof pg.Pool.prototype.query;
}
const url = new URL(databaseUrl);
url.pathname = `/${name}`;

/** One statement on the maintenance connection (CREATE / DROP DATABASE). */
const admin = (query: string) => runAdminQuery(databaseUrl, query);

/**
 * CPU seconds (user + system) of this database's backends so far, from /proc (Linux, superuser:
 * pg_read_file); null where that is not readable. A connection the pool closes meanwhile (30 s
 * idle) is not counted: a floor, not an exact figure.
 */
async function backendCpuSeconds(): Promise<number | null> {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const result = await client.query<{ ticks: string }>(
      `SELECT sum(split_part(stat, ' ', 12)::bigint + split_part(stat, ' ', 13)::bigint)::text AS ticks
         FROM (SELECT split_part(pg_read_file('/proc/' || pid || '/stat'), ') ', 2) AS stat
                 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS backends`,
    );
    // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name: 12 and 13 of the rest; clock ticks of 1/100 s.
    return Number(result.rows[0]?.ticks ?? 0) / 100;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

const DAILY_TOP = '[{"minValidBet":"0","minActiveMembers":0,"rateBps":60,"fixedAmount":null}]';
const DAILY_AGENT = '[{"minValidBet":"0","minActiveMembers":0,"rateBps":30,"fixedAmount":null}]';

if (from && !/^[a-z0-9_]+$/.test(from)) throw new Error(`settlement bench: --from ${from} is no database name`);
await admin(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
// The app's pool as in production: 10 connections, 15 s statement timeout.
const database = openPostgres({ url: url.toString(), poolMax: 10, connectTimeoutMs: 5000, statementTimeoutMs: 15_000 });
const setup = openPostgres({ url: url.toString(), poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 3_600_000 });
try {
  registerModulePorts();
  const db = setup.db;
  let merchant: typeof merchants.$inferSelect;
  if (from) {
    const [found] = await db
      .select()
      .from(merchants)
      .where(eq(merchants.id, sql`(SELECT merchant_id FROM members WHERE username = 'st1' ORDER BY id LIMIT 1)`));
    if (!found) throw new Error(`settlement bench: ${from} holds no settlement data`);
    merchant = found;
  } else {
    await setup.migrate();
    await seedDatabase(db, { demo: false });
    merchant = (await createMerchant(db, { utcOffsetMinutes: 360 })).merchant;
  }
  const m = merchant.id;
  const now = new Date();
  const bounds = lastEndedPeriod('DAILY', now, merchant.utcOffsetMinutes);
  const setupAt = new Date(bounds.start.getTime() - 86_400_000);
  const inDay = (offsetMinutes: number) => new Date(bounds.start.getTime() + offsetMinutes * 60_000);
  let started = performance.now();
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const at = performance.now();
    await db.execute(query);
    console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  };
  if (!from) {
    console.log(`generating ${contracts.toLocaleString('en')} daily-salary contracts (${tops} top agents) in ${name}`);
    await step(
      'members',
      sql`INSERT INTO members (merchant_id, username, type, upline_id, nickname)
      SELECT ${m}, 'st' || g, ${MEMBER_TYPE.AGENT_1}, NULL, 'st' || g FROM generate_series(1, ${tops}) AS g`,
    );
    await step(
      'agents',
      sql`INSERT INTO members (merchant_id, username, type, upline_id, nickname)
      SELECT ${m}, 'sa' || g, ${MEMBER_TYPE.AGENT_2}, top.id, 'sa' || g FROM generate_series(1, ${agents}) AS g
      JOIN members top ON top.merchant_id = ${m} AND top.username = 'st' || (1 + (g - 1) % ${tops})`,
    );
    await step(
      'players',
      sql`INSERT INTO members (merchant_id, username, type, upline_id, nickname)
      SELECT ${m}, 'sp' || g || '_' || k, ${MEMBER_TYPE.MEMBER}, agent.id, 'sp' || g
      FROM generate_series(1, ${agents}) AS g CROSS JOIN generate_series(1, 2) AS k
      JOIN members agent ON agent.merchant_id = ${m} AND agent.username = 'sa' || g`,
    );
    await step(
      'closure',
      sql`INSERT INTO member_tree (ancestor_id, descendant_id, depth)
      SELECT self.id, self.id, 0 FROM members self WHERE self.merchant_id = ${m}
      UNION ALL
      SELECT self.upline_id, self.id, 1 FROM members self WHERE self.merchant_id = ${m} AND self.upline_id IS NOT NULL
      UNION ALL
      SELECT parent.upline_id, self.id, 2 FROM members self JOIN members parent ON parent.id = self.upline_id
        WHERE self.merchant_id = ${m} AND parent.upline_id IS NOT NULL`,
    );
    await step(
      'contracts',
      sql`INSERT INTO agent_contracts (merchant_id, type, status, offerer_id, member_id, period, basis, active_member_min_bet,
        tiers, max_rate_bps, offered_at, responded_at, accepted_at)
      SELECT ${m}, 'DAILY_SALARY', 'ACTIVE', holder.upline_id, holder.id, 'DAILY', 'VALID_BET', 1000,
        CASE WHEN holder.upline_id IS NULL THEN ${DAILY_TOP}::jsonb ELSE ${DAILY_AGENT}::jsonb END,
        CASE WHEN holder.upline_id IS NULL THEN 60 ELSE 30 END, ${setupAt}, ${setupAt}, ${setupAt}
      FROM members holder WHERE holder.merchant_id = ${m} AND holder.type <> ${MEMBER_TYPE.MEMBER}`,
    );
    const [game] = rowsOf<{ id: number; vendor_id: number; category: string }>(
      await db.execute(sql`SELECT id, vendor_id, category FROM games ORDER BY id LIMIT 1`),
    );
    if (!game) throw new Error('no seeded game');
    await step(
      'rounds',
      sql`INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, status,
        bet_total, payout_total, bet_count, opened_at, closed_at, settled_at)
      SELECT ${m}, player.id, ${game.vendor_id}, ${game.id}, ${game.category}, 'settle-' || player.id || '-' || r.n, ${merchant.currency},
        'CLOSED', 5000 + (player.id * 37) % 5000, CASE WHEN player.id % 3 = 0 THEN 8000 ELSE 0 END, 1,
        r.closed_at - interval '1 minute', r.closed_at, r.closed_at
      FROM members player CROSS JOIN (VALUES (1, ${inDay(200)}::timestamptz), (2, ${inDay(900)}::timestamptz)) AS r(n, closed_at)
      WHERE player.merchant_id = ${m} AND player.type = ${MEMBER_TYPE.MEMBER}`,
    );
    // A ledger with history, as a platform with 10,000 agents has: every member's cash account with
    // one deposit (set-based, triggers off for that session), so the planner sees a ledger of its
    // real size; on an empty ledger, analyzed empty, the commit-time ledger checks plan sequential
    // scans and a run gets slower with every batch.
    const history = new pg.Client({ connectionString: url.toString() });
    await history.connect();
    try {
      const at = performance.now();
      await history.query(`SET session_replication_role = replica`);
      await history.query(
        `INSERT INTO ledger_accounts (merchant_id, owner_kind, owner_member_id, code, subkey, currency, balance, version)
       SELECT $1, 'member', id, 'MEMBER_CASH', '', $2, 100000, 1 FROM members WHERE merchant_id = $1 ORDER BY id`,
        [m, merchant.currency],
      );
      await history.query(
        `INSERT INTO ledger_accounts (merchant_id, owner_kind, code, subkey, currency, allows_negative, balance, version)
       SELECT $1, 'system', 'ADJUSTMENT', 'bench-history', $2, true, -100000 * count(*), count(*) FROM members WHERE merchant_id = $1`,
        [m, merchant.currency],
      );
      await history.query(
        `INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, description)
       SELECT $1, 'deposit', 'bench-history:' || id, 'bench', 'bench' FROM members WHERE merchant_id = $1 ORDER BY id`,
        [m],
      );
      await history.query(
        `WITH moves AS (
         SELECT t.id AS transfer_id, a.id AS account_id FROM members x
           JOIN ledger_transfers t ON t.merchant_id = $1 AND t.idempotency_key = 'bench-history:' || x.id
           JOIN ledger_accounts a ON a.merchant_id = $1 AND a.owner_member_id = x.id AND a.code = 'MEMBER_CASH'
          WHERE x.merchant_id = $1)
       INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version)
       SELECT transfer_id, account_id, 0, 100000, 100000, 1 FROM moves
       UNION ALL
       SELECT transfer_id, (SELECT id FROM ledger_accounts WHERE merchant_id = $1 AND subkey = 'bench-history'), 0, -100000,
              -100000 * row_number() OVER (ORDER BY transfer_id), row_number() OVER (ORDER BY transfer_id) FROM moves
       ORDER BY 1, 2`,
        [m],
      );
      console.log(`  ledger history: ${((performance.now() - at) / 1000).toFixed(1)} s`);
    } finally {
      await history.end();
    }
    await db.execute(sql`ANALYZE`);
    console.log(`generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (isTemplateOnly) {
    console.log(`template database ${name}: settle copies of it with --from ${name}`);
    process.exit(0);
  }

  const ctx = { db: database.db, now, merchant };
  // The teams' read alone (what settleContracts does first), for where the time goes.
  const holders = rowsOf<{ id: number; member_id: number }>(
    await db.execute(sql`SELECT id, member_id FROM agent_contracts WHERE merchant_id = ${m}`),
  );
  started = performance.now();
  await readTeamPerformances(
    database.db,
    holders.map((row) => ({ key: row.id, rootMemberId: row.member_id, from: bounds.start, to: bounds.end, activeMemberMinBet: 1000n })),
  );
  const readMs = performance.now() - started;
  // CPU, not wall time: on a shared 2-core machine the wall clock mostly measures the queue for a core.
  const cpuBefore = await backendCpuSeconds();
  const clientBefore = process.cpuUsage();
  started = performance.now();
  isProfiling = profile;
  const summary = await settleContracts(ctx, { type: 'DAILY_SALARY', period: 'DAILY', bounds });
  const settleMs = performance.now() - started;
  isProfiling = false;
  const cpuAfter = await backendCpuSeconds();
  const client = process.cpuUsage(clientBefore);
  console.log(
    `first run CPU: Postgres backends ${cpuBefore === null || cpuAfter === null ? 'n/a (needs a superuser to read /proc)' : `${(cpuAfter - cpuBefore).toFixed(2)} s`}, this process ${((client.user + client.system) / 1e6).toFixed(2)} s (load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')})`,
  );
  if (profile) {
    console.log('statements of the first run, costliest first (calls, ms in all):');
    for (const [shape, row] of [...statements].sort((left, right) => right[1].ms - left[1].ms).slice(0, 15))
      console.log(`  ${String(row.calls).padStart(5)} ${row.ms.toFixed(0).padStart(7)} ms  ${shape}`);
    const calls = [...statements.values()].reduce((sum, row) => sum + row.calls, 0);
    console.log(`  ${calls} statements in all, ${(calls / contracts).toFixed(4)} per contract`);
  }
  started = performance.now();
  const again = await settleContracts(ctx, { type: 'DAILY_SALARY', period: 'DAILY', bounds });
  const againMs = performance.now() - started;
  const ledger = await verifyLedger(setup.db, { isParallel: true });
  const isSound =
    ledger.ok && summary.billed === contracts && summary.paid === contracts && again.billed === 0 && again.skipped === contracts;
  console.log(`first run: ${JSON.stringify(summary)}`);
  console.log(`second run: billed ${again.billed}, skipped ${again.skipped}`);
  console.log(`ledger verify: ${ledger.ok ? 'OK' : 'BREACH'} (${ledger.checkedEntries} entries)`);
  console.log(
    `\nsettlement: ${contracts.toLocaleString('en')} daily-salary contracts in ${(settleMs / 1000).toFixed(2)} s (${(settleMs / contracts).toFixed(2)} ms per contract; teams' read ${(readMs / 1000).toFixed(2)} s; second run ${(againMs / 1000).toFixed(2)} s); target < 5 s; checks ${isSound ? 'passed' : 'FAILED'}`,
  );
  if (!isSound) process.exitCode = 1;
} finally {
  await setup.close();
  await database.close().catch(() => undefined);
  if (keep) console.log(`kept database ${name} (drop it with: dropdb ${name})`);
  else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

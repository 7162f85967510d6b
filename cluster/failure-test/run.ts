/**
 * `npm run test:cluster` (issue 20): the cluster proven under failure, on this machine with real
 * parts. Three nodes of the built server on a fresh PostgreSQL database and Redis, behind HAProxy
 * (cluster/cluster.mjs); a mixed load from a separate process (load.ts) through HAProxy only;
 * mid-load one node is SIGKILLed and started again, and later every database connection is
 * terminated once (pg_terminate_backend). Then it checks, and prints the figures:
 *   - every request answered success is in the ledger exactly once, and no refused one is;
 *   - requests sent again with the same idempotency keys replay (nothing moves);
 *   - every /ws client reconnected through the balancer and ends on the balance the database has;
 *   - each scheduled job ran at most once per period, whichever node claimed it;
 *   - a per-IP limit (120 a minute) held across the three nodes (Redis), not 3 x 120;
 *   - ledger:verify (the built CLI) is clean.
 * Bounded: the whole run is stopped after TIME_LIMIT_MS. Exit 0 when every check holds.
 */

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ENCRYPTION_PATHS } from '@kismat/contracts/encryption';
import { formatAmount } from '@kismat/contracts/wallet';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { and, eq, gt } from 'drizzle-orm';
import pg from 'pg';
import { lotteryIssues } from '../../apps/server/src/db/schema/house-games';
import { merchants } from '../../apps/server/src/db/schema/merchants';
import { promotions } from '../../apps/server/src/db/schema/promotions';
import { ensureLotteryIssues } from '../../apps/server/src/modules/house-games/ensure-lottery-issues';
import { DEFAULT_MERCHANT_CODE } from '../../apps/server/src/modules/system/index';
import { openPostgres } from '../../apps/server/src/platform/db';
import { channelOf } from '../../apps/server/src/test/cashier-acceptance-support';
import { HttpClient } from '../../apps/server/src/test/crash-harness';
import { buildServer, ensureHaproxy, ROOT, startCluster } from '../cluster.mjs';
import { type Check, checkExactlyOnce, checkJobs, checkReplays, checkSockets } from './checks';
import type { LoadPlan, LoadRecord } from './plan';
import { prepareMembers } from './prepare-members';

const MEMBERS = Number(process.env.CLUSTER_TEST_MEMBERS ?? 10);
const LOAD_SECONDS = Number(process.env.CLUSTER_TEST_SECONDS ?? 30);
const TIME_LIMIT_MS = 5 * 60_000;
const VENDOR = 'PT';
/** The one-minute lottery (SUM_SIZE bets). */
const LOTTERY_GAME = 'ELOTT_1M';
const SLOT = SLOT_TITLES[0] as (typeof SLOT_TITLES)[number];
const PORT = 3390;
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${line}`);

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `kismat_cluster_test_${randomBytes(4).toString('hex')}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const databaseUrl = url.toString();
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${name}`);

ensureHaproxy();
buildServer();
const nodeLog: string[] = [];
const cluster = await startCluster({
  nodes: 3,
  port: PORT,
  basePort: 3390,
  metricsBasePort: 9390,
  statsPort: 8490,
  databaseUrl,
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  quiet: true,
  log: (line: string) => {
    nodeLog.push(line);
    if (nodeLog.length > 300) nodeLog.shift();
  },
  env: {
    // The demo seeds the sandbox gateway the deposits go through, and the vendors.
    SEED_DEMO: 'true',
    SMS_PROVIDER: 'outbox',
    MAIL_PROVIDER: 'outbox',
    LOG_LEVEL: 'warn',
    // The load sends plain bodies to the E calls (sealing has its own tests).
    ALLOW_PLAIN_E_CALLS: 'true',
    SHUTDOWN_GRACE_MS: '2000',
  },
});
const limit = setTimeout(async () => {
  console.error(`cluster test: over ${TIME_LIMIT_MS / 1000} s, stopped\n${nodeLog.slice(-40).join('\n')}`);
  await cluster.stop().catch(() => undefined);
  process.exit(1);
}, TIME_LIMIT_MS);
log(`3 nodes ready behind HAProxy at ${cluster.address} on ${name}`);

const database = openPostgres({ url: databaseUrl, poolMax: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 60_000 });
const { db } = database;
const checks: Check[] = [];
let exitCode = 1;
try {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, DEFAULT_MERCHANT_CODE));
  if (!merchant) throw new Error('no default merchant');
  // The demo's first-deposit offers would add bonuses; this test counts the deposits alone.
  await db.update(promotions).set({ status: 'ENDED' }).where(eq(promotions.merchantId, merchant.id));
  const client = new HttpClient(cluster.address, { maxSockets: 32 });

  // A per-IP limit through the balancer: 120 a minute for the public key, whichever node answers.
  const probeIp = `10.250.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 250) + 1}`;
  let allowed = 0;
  for (let call = 0; call < 200; call++) {
    const result = await client.request({ method: 'GET', path: ENCRYPTION_PATHS.publicKey, headers: { 'x-forwarded-for': probeIp } });
    if (result.status === 200) allowed++;
  }
  checks.push({
    name: 'global per-IP limit across 3 nodes (120/min)',
    ok: allowed === 120,
    figures: `${allowed} of 200 allowed (3 nodes counting apart would allow up to 360)`,
  });

  // Members, funded; each logged in and launched into the vendor's game over HTTP (through HAProxy).
  const prepared = await prepareMembers(db, client, merchant, VENDOR, MEMBERS);
  const members: LoadPlan['members'] = prepared.members;
  // The one-minute lottery's issues for the whole run (the nodes' job opens them too; made sure of
  // here): each slip goes to the issue open at that moment.
  for (let minute = 0; minute <= Math.ceil(LOAD_SECONDS / 60) + 3; minute++) {
    await ensureLotteryIssues(db, new Date(Date.now() + minute * 60_000));
  }
  const issues = await db
    .select({ id: lotteryIssues.id, opensAt: lotteryIssues.opensAt, cutoffAt: lotteryIssues.cutoffAt })
    .from(lotteryIssues)
    .where(and(eq(lotteryIssues.gameCode, LOTTERY_GAME), eq(lotteryIssues.status, 'OPEN'), gt(lotteryIssues.cutoffAt, new Date())));
  const sandbox = await channelOf(db, merchant.id, 'sandbox');
  const plan: LoadPlan = {
    address: cluster.address,
    host: '',
    seconds: LOAD_SECONDS,
    members,
    vendor: { ...prepared.vendor, currency: merchant.currency },
    lotteryIssues: issues.map((issue) => ({ id: String(issue.id), opensAt: issue.opensAt.getTime(), cutoffAt: issue.cutoffAt.getTime() })),
    sandboxChannelId: sandbox.id,
    slot: { titleId: SLOT.id, betLevel: formatAmount(SLOT.betLevelsMinor[0] ?? 100n) },
  };
  log(`${MEMBERS} members funded, logged in and launched; load for ${LOAD_SECONDS} s (${issues.length} lottery issues)`);

  // The load, and the failures on a schedule beside it.
  const loadDone = runLoad(plan);
  const loadStarted = Date.now();
  const waitUntil = (seconds: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, loadStarted + seconds * 1000 - Date.now())));
  await waitUntil(LOAD_SECONDS * 0.2);
  // The node holding the most sockets (the nodes' metrics say), once every member's is open (the
  // load process may still be starting on a busy machine): the kill must cut members' /ws too.
  let victim = await busiestNode(cluster.nodes);
  for (let poll = 0; victim.total < MEMBERS && poll < 40; poll++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    victim = await busiestNode(cluster.nodes);
  }
  const killed = await cluster.kill(victim.index);
  log(`node${victim.index} (${victim.sockets} of ${victim.total} /ws sockets) SIGKILLed (${JSON.stringify(killed)})`);
  await waitUntil(LOAD_SECONDS * 0.35);
  await cluster.restart(victim.index);
  log(`node${victim.index} started again and ready`);
  await waitUntil(LOAD_SECONDS * 0.55);
  const { rows } = await admin.query(
    'select count(pg_terminate_backend(pid)) as cut from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  log(`database connections terminated: ${rows[0]?.cut}`);
  const record = await loadDone;
  log(`load done: ${record.operations.length} operations`);

  checks.push(...(await checkExactlyOnce(db, merchant.id, VENDOR, record)));
  checks.push(await checkReplays(db, merchant.id, cluster.address, prepared.vendor, record, members));
  checks.push(checkSockets(record));
  checks.push(await checkJobs(db, new Date(started)));
  const verify = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/server/ledger-verify.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  checks.push({
    name: 'ledger:verify (built CLI)',
    ok: verify.status === 0,
    figures: `${verify.stdout.trim()} ${verify.stderr.trim()}`.trim(),
  });
  exitCode = checks.every((check) => check.ok) ? 0 : 1;
} catch (error) {
  console.error('cluster test failed to run:', error);
  console.error(nodeLog.slice(-40).join('\n'));
} finally {
  clearTimeout(limit);
  await cluster.stop().catch(() => undefined);
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
  await admin.end();
}

console.log('\n== cluster failure test (3 nodes, HAProxy, one SIGKILL + restart, one pg_terminate_backend)');
for (const check of checks) console.log(`${check.ok ? 'PASS' : 'FAIL'}  ${check.name}: ${check.figures}`);
console.log(`${exitCode === 0 ? 'PASSED' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(exitCode);

/** Runs load.ts in its own process: the load never shares a node's CPU accounting or event loop. */
function runLoad(plan: LoadPlan): Promise<LoadRecord> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'cluster/failure-test/load.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
      cwd: ROOT,
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load process exited ${code}`));
      resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadRecord);
    });
    child.stdin.end(JSON.stringify(plan));
  });
}

/** The node with the most open /ws sockets, read from each node's metrics port. */
async function busiestNode(nodes: { index: number; metricsPort: number }[]): Promise<{ index: number; sockets: number; total: number }> {
  let busiest = { index: 2, sockets: -1, total: 0 };
  let total = 0;
  for (const node of nodes) {
    const text = await fetch(`http://127.0.0.1:${node.metricsPort}/metrics`).then(
      (response) => response.text(),
      () => '',
    );
    const sockets = Number(/^kismat_ws_connections (\d+)/m.exec(text)?.[1] ?? 0);
    total += sockets;
    if (sockets > busiest.sockets) busiest = { index: node.index, sockets, total: 0 };
  }
  return { ...busiest, total };
}

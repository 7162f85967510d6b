/**
 * Cluster bench (issue 20): the vendor round and slot benches through HAProxy, on 1 node and then
 * on 3 nodes, in one run. Each configuration gets a fresh database and Redis-backed cluster
 * (cluster/cluster.mjs, the built server); members are logged in and launched through HAProxy;
 * the calls come from a separate load process (bench/support/load-process.ts).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/cluster/run.ts [seconds=10] [workers=16] [players=32]
 *
 * Not a test. On a 2-core machine three nodes are not expected to be faster than one (they share
 * the cores with PostgreSQL, HAProxy and the load); the point is that they hold, with the same
 * ledger guarantees. Ends each configuration with the built ledger:verify.
 */

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { formatAmount } from '@kismat/contracts/wallet';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { merchants } from '../../apps/server/src/db/schema/merchants';
import { DEFAULT_MERCHANT_CODE } from '../../apps/server/src/modules/system/index';
import { openPostgres } from '../../apps/server/src/platform/db';
import { HttpClient } from '../../apps/server/src/test/crash-harness';
import { buildServer, ensureHaproxy, ROOT, startCluster } from '../../cluster/cluster.mjs';
import { prepareMembers } from '../../cluster/failure-test/prepare-members';
import { runLoadProcess, summariseLoad } from '../support/load-process';

const [seconds = 10, workers = 16, players = 32] = process.argv.slice(2).map(Number);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('cluster bench: set DATABASE_URL to a Postgres server.');
  process.exit(2);
}
const VENDOR = 'PT';
const bets = SLOT_TITLES.map((title) => ({ titleId: title.id, betLevel: formatAmount(title.betLevelsMinor[0] ?? 100n) }));

ensureHaproxy();
buildServer();
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const lines: string[] = [];
let isSound = true;

for (const nodes of [1, 3]) {
  const name = `kismat_cluster_bench_${randomBytes(4).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await admin.query(`create database ${name}`);
  const cluster = await startCluster({
    nodes,
    port: 3590,
    basePort: 3590,
    metricsBasePort: 9590,
    statsPort: 8690,
    databaseUrl,
    quiet: true,
    log: () => undefined,
    env: {
      SEED_DEMO: 'true',
      SMS_PROVIDER: 'outbox',
      MAIL_PROVIDER: 'outbox',
      LOG_LEVEL: 'warn',
      ALLOW_PLAIN_E_CALLS: 'true',
      PUBLIC_RATE_LIMIT_SCALE: '100',
    },
  });
  const database = openPostgres({ url: databaseUrl, poolMax: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 60_000 });
  try {
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.code, DEFAULT_MERCHANT_CODE));
    if (!merchant) throw new Error('no default merchant');
    const client = new HttpClient(cluster.address, { maxSockets: 8 });
    const { members, vendor } = await prepareMembers(database.db, client, merchant, VENDOR, players);
    client.close();
    const vendorLoad = await runLoadProcess({
      kind: 'vendor-rounds',
      address: cluster.address,
      workers,
      seconds,
      vendorCode: vendor.code,
      apiSecret: vendor.apiSecret,
      gameCode: vendor.gameCode,
      currency: merchant.currency,
      sessions: members.map((member) => member.vendorSession),
    });
    const slotLoad = await runLoadProcess({
      kind: 'slot-spins',
      address: cluster.address,
      workers,
      seconds,
      tokens: members.map((member) => member.token),
      bets,
    });
    for (const [label, load] of [
      ['vendor rounds (bet + win)', vendorLoad],
      ['slot spins', slotLoad],
    ] as const) {
      const run = summariseLoad(load);
      lines.push(
        `${nodes} node${nodes > 1 ? 's' : ' '} ${label.padEnd(26)} ${(run.latencies.length / seconds).toFixed(1).padStart(7)}/s  p50 ${run.p50.toFixed(1)} ms  p95 ${run.p95.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms  (${run.describeFailures()})`,
      );
    }
    const verify = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/server/ledger-verify.js')], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    isSound &&= verify.status === 0;
    lines.push(`${nodes} node${nodes > 1 ? 's' : ' '} ${verify.stdout.split('\n')[0]}`);
  } finally {
    await cluster.stop();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
  }
}
await admin.end();
console.log(
  [
    `cluster: vendor rounds and slot spins through HAProxy, ${seconds}s each, ${workers} workers, ${players} players, 1 node then 3 nodes`,
    ...lines.map((line) => `  ${line}`),
  ].join('\n'),
);
if (!isSound) process.exitCode = 1;

// `npm run cluster`: the site as a cluster on this machine (issue 20). NODES server nodes (default
// 3) on one PostgreSQL (DATABASE_URL, default the local server's `kismat_cluster` database,
// created when missing) and Redis (REDIS_URL, default 127.0.0.1:6379), behind HAProxy on PORT
// (default 3000). Builds what `npm start` builds, runs the compiled server with plain node, and
// stops everything on Ctrl+C. Demo data as with `npm start` unless SEED_DEMO=false.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { buildServer, ensureHaproxy, startCluster } from '../cluster/cluster.mjs';

const nodes = Number(process.env.NODES ?? 3);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/kismat_cluster';

ensureHaproxy();
// The web site and the back office, as `npm start` builds them, when missing (REBUILD_SITES=true:
// always; BUILD_SITES=false: the API only, as the failure test and the benches run it).
for (const workspace of process.env.BUILD_SITES === 'false' ? [] : ['@kismat/web', '@kismat/admin']) {
  const dist = workspace === '@kismat/web' ? 'apps/web/dist/index.html' : 'apps/admin/dist/index.html';
  if (spawnSync('test', ['-f', dist]).status === 0 && process.env.REBUILD_SITES !== 'true') continue;
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
buildServer();

// The database: created when missing (one PostgreSQL for every node; PGlite is one process only).
const target = new URL(databaseUrl);
const name = decodeURIComponent(target.pathname.slice(1));
const admin = new URL(databaseUrl);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
if (!rowCount) await client.query(`create database "${name.replaceAll('"', '""')}"`);
await client.end();

const seedDemo = process.env.SEED_DEMO ?? 'true';
const cluster = await startCluster({
  nodes,
  port,
  host,
  databaseUrl,
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  env: { SEED_DEMO: seedDemo, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
console.log(`\nKismat cluster: ${nodes} nodes behind HAProxy on ${cluster.address}  (database ${target.host}/${name})`);
for (const node of cluster.nodes) {
  console.log(`  node${node.index}: http://127.0.0.1:${node.port}  metrics http://127.0.0.1:${node.metricsPort}/metrics`);
}
console.log(`  HAProxy stats: ${cluster.statsAddress}\nCtrl+C stops the nodes (they drain) and HAProxy.`);

let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (isStopping) return;
    isStopping = true;
    console.log('\nstopping the cluster...');
    await cluster.stop();
    process.exit(0);
  });
}

// The cluster on one machine (issue 20): N server nodes on one PostgreSQL (and Redis for the
// shared rate-limit counters) behind HAProxy from Debian. Used by `npm run cluster`
// (scripts/cluster.mjs), the failure test (cluster/failure-test/) and the cluster bench.
// Plain JavaScript: it runs the built server (apps/server/dist) with plain node.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server/main.js');
const TEMPLATE = path.join(ROOT, 'cluster/haproxy.cfg.template');

/** HAProxy from Debian, installed when missing (needs root, as CI and this machine have). */
export function ensureHaproxy() {
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0) return;
  console.log('== installing haproxy (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    result = spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env });
  }
  if (result.status !== 0) throw new Error('haproxy is missing and apt-get could not install it');
}

/** The server bundle, rebuilt (about 2 s) so the cluster runs the sources as they are. */
export function buildServer() {
  const result = spawnSync('npm', ['run', 'build', '-w', '@kismat/server'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error('server build failed');
}

/** The HAProxy configuration for nodes on `ports`, listening on `bind` (host:port). */
export function haproxyConfig({ bind, statsBind, ports }) {
  const servers = ports.map((port, index) => `  server node${index + 1} 127.0.0.1:${port}`).join('\n');
  return readFileSync(TEMPLATE, 'utf8').replace('@BIND@', bind).replace('@STATS_BIND@', statsBind).replace('@SERVERS@', servers);
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const isReady = async (url) => (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;

/**
 * Starts the cluster; answers handles to stop it, and to kill and restart one node. Node n listens
 * on basePort + n, its metrics on metricsBasePort + n; HAProxy on `port`.
 */
export async function startCluster(options) {
  const {
    nodes = 3,
    port = 3000,
    host = '127.0.0.1',
    basePort = 3100,
    metricsBasePort = 9100,
    statsPort = 8404,
    databaseUrl,
    redisUrl = 'redis://127.0.0.1:6379',
    env: extraEnv = {},
    log = (line) => console.log(line),
    quiet = false,
  } = options;
  if (!databaseUrl) throw new Error('the cluster needs a PostgreSQL server: DATABASE_URL');
  if (!existsSync(SERVER_ENTRY)) buildServer();
  const workDir = mkdtempSync(path.join(tmpdir(), 'kismat-cluster-'));
  const nodeList = [];

  const nodeEnv = (index) => ({
    NODE_ENV: 'production',
    ...process.env,
    ...extraEnv,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(basePort + index),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsBasePort + index),
    // HAProxy adds X-Forwarded-For: per-IP limits and audit rows see the member, not the balancer.
    TRUST_PROXY: 'true',
  });

  function spawnNode(entry) {
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
      cwd: ROOT,
      env: nodeEnv(entry.index),
      stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'pipe'],
    });
    entry.child = child;
    entry.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const prefix = `[node${entry.index}] `;
    const relay = (chunk) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log(prefix + line);
    };
    child.stdout?.on('data', relay);
    child.stderr.on('data', relay);
    return child;
  }

  for (let index = 1; index <= nodes; index++) {
    const entry = { index, port: basePort + index, metricsPort: metricsBasePort + index, child: null, exited: null };
    nodeList.push(entry);
    spawnNode(entry);
    // The first node migrates and seeds; the others start once it is ready (they find both done).
    if (index === 1) await waitFor(() => isReady(`http://127.0.0.1:${entry.port}/readyz`), 120_000, 'node1 ready');
  }
  await Promise.all(
    nodeList.map((entry) => waitFor(() => isReady(`http://127.0.0.1:${entry.port}/readyz`), 120_000, `node${entry.index} ready`)),
  );

  const configFile = path.join(workDir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    haproxyConfig({ bind: `${host}:${port}`, statsBind: `127.0.0.1:${statsPort}`, ports: nodeList.map((entry) => entry.port) }),
  );
  const haproxy = spawn('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stdout.on('data', (chunk) => log(`[haproxy] ${chunk.toString('utf8').trim()}`));
  haproxy.stderr.on('data', (chunk) => log(`[haproxy] ${chunk.toString('utf8').trim()}`));
  const haproxyExited = new Promise((resolve) => haproxy.on('exit', (code, signal) => resolve({ code, signal })));
  await waitFor(() => isReady(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/readyz`), 20_000, 'haproxy');

  return {
    address: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    statsAddress: `http://127.0.0.1:${statsPort}/`,
    configFile,
    nodes: nodeList,
    /** SIGKILL one node (no drain, no goodbye): what a crashed machine does. */
    async kill(index) {
      const entry = nodeList[index - 1];
      entry.child.kill('SIGKILL');
      return entry.exited;
    },
    /** Starts a stopped node again; resolves when it is ready. */
    async restart(index) {
      const entry = nodeList[index - 1];
      spawnNode(entry);
      await waitFor(() => isReady(`http://127.0.0.1:${entry.port}/readyz`), 60_000, `node${index} ready again`);
    },
    /** SIGTERM every node (they drain) and HAProxy. */
    async stop() {
      for (const entry of nodeList) if (entry.child.exitCode === null && entry.child.signalCode === null) entry.child.kill('SIGTERM');
      await Promise.all(nodeList.map((entry) => entry.exited));
      haproxy.kill('SIGTERM');
      await haproxyExited;
    },
  };
}

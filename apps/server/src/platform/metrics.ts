import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf } from './sql-values';

/**
 * Prometheus metrics (issue 20), one registry per app. Served on a separate port (METRICS_PORT,
 * main.ts starts it on METRICS_HOST, 127.0.0.1 by default): never through the balancer nor on the
 * public port, so no member or vendor can read them. docs/operations.md says what to alert on.
 *
 * Per node: requests, errors and latency per route, the database pool, open /ws sockets and the
 * vendor wallet's batch sizes. Cluster-wide (read from Postgres at scrape time, the same on every
 * node): ledger transfers inserted (rate() of it is transfers per second) and each job's lag.
 */
export interface AppMetrics {
  registry: Registry;
  /** The text a scrape returns. */
  render(): Promise<string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

interface BatchReport {
  size: number;
  outcome: string;
}
/** The vendor wallet's batcher as far as metrics need it (a module's decoration: platform does not import it). */
type ObservableBatcher = { observe(observer: (report: BatchReport) => void): () => void };

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function registerMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'kismat_node_' });

  const requests = new Counter({
    name: 'kismat_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'kismat_http_request_duration_seconds',
    help: 'Time to answer, by route pattern and method',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL (ids in paths would make a series per member).
    const route = request.routeOptions.url ?? 'unmatched';
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const pool = app.database.kind === 'postgres' ? ((app.db as unknown as { $client: pg.Pool }).$client ?? null) : null;
  new Gauge({
    name: 'kismat_db_pool_connections',
    help: 'Database pool connections: total, idle, in use, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  // Upgraded connections (the /ws sockets) counted at the HTTP server: the WebSocket plugin lives
  // in the realtime module's own scope.
  let openSockets = 0;
  app.server.on('upgrade', (_request, socket) => {
    openSockets++;
    socket.once('close', () => openSockets--);
  });
  new Gauge({
    name: 'kismat_ws_connections',
    help: 'Open /ws (upgraded) connections on this node',
    registers: [registry],
    collect() {
      this.set(openSockets);
    },
  });
  new Gauge({
    name: 'kismat_ledger_transfers_inserted',
    help: 'Ledger transfers inserted since the statistics were reset (cluster-wide); rate() is transfers per second',
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ inserted: string | number | null }>(
        await app.db.execute(`select n_tup_ins as inserted from pg_stat_user_tables where relname = 'ledger_transfers'`),
      );
      this.set(Number(rows[0]?.inserted ?? 0));
    },
  });
  const jobLag = new Gauge({
    name: 'kismat_job_seconds_since_last_run',
    help: 'Seconds since each scheduled job last finished a run (cluster-wide, from job_runs)',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ job: string; seconds: string | number }>(
        await app.db.execute(
          `select job, extract(epoch from now() - max(finished_at)) as seconds from job_runs where finished_at is not null group by job`,
        ),
      );
      jobLag.reset();
      for (const row of rows) this.set({ job: row.job }, Number(row.seconds));
    },
  });
  const jobFailures = new Gauge({
    name: 'kismat_job_failed_runs_last_hour',
    help: 'Runs of each scheduled job in the last hour that ended with an error',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ job: string; failed: string | number }>(
        await app.db.execute(
          `select job, count(*) filter (where error is not null) as failed from job_runs where started_at > now() - interval '1 hour' group by job`,
        ),
      );
      jobFailures.reset();
      for (const row of rows) this.set({ job: row.job }, Number(row.failed));
    },
  });
  const batchSizes = new Histogram({
    name: 'kismat_vendor_batch_size',
    help: 'Vendor wallet calls committed per group-commit batch, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [registry],
  });
  app.addHook('onReady', async () => {
    const batcher = (app as unknown as { vendorBatcher?: ObservableBatcher }).vendorBatcher;
    const stop = batcher?.observe((report) => batchSizes.observe({ outcome: report.outcome }, report.size));
    if (stop) app.addHook('onClose', async () => stop());
  });

  const metrics: AppMetrics = { registry, render: () => registry.metrics() };
  app.decorate('metrics', metrics);
  return metrics;
}

/** The metrics port: GET /metrics only, nothing else. Returns the server to close at shutdown. */
export async function serveMetrics(metrics: AppMetrics, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.render().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

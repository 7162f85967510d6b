import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPostgres } from '../platform/db';
import { seedDatabase } from '../seed/seed';

/*
 * Crash tests: the real server (`src/main.ts` under `node --import tsx`) as a child process on a
 * fresh Postgres database and a free port, killed with SIGKILL at a moment the test chooses and
 * started again on the same database. Nothing here knows about a business domain: a test builds
 * its requests, fires them with `fireBurst`, kills, restarts, replays and checks the database.
 * Also the HTTP client of the real-socket acceptance tests (`HttpClient`).
 *
 *   const harness = await createCrashHarness();            // fresh database, migrated + seeded
 *   // fixtures through harness.database.db (the server reads merchants at its first request)
 *   await harness.start();                                  // spawn, wait for /healthz
 *   const first = await fireBurst(harness.client, requests, {
 *     concurrency: 8,
 *     onSettled: async (done) => { if (done === 10 && (await harness.openTransactionCount()) > 0) void harness.kill(); },
 *   });
 *   await harness.start();                                  // same database, same port
 *   const again = await fireBurst(harness.client, requests, { concurrency: 8 });
 *   // check the database; runNpmScript('ledger:verify', { DATABASE_URL: harness.databaseUrl })
 *   await harness.close();                                  // kill if running, drop the database
 *
 * Postgres only (DATABASE_URL): skip the test without it. Runs as NODE_ENV=production without
 * demo data (so without the sandbox gateway: `env: { SEED_DEMO: 'true' }` for a test that needs
 * it), plain E-call bodies allowed, OPERATOR_TOKEN = harness.operatorToken.
 */

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What came back for one request. `status` 0 means no HTTP answer (refused, reset, killed mid-flight). */
export interface HttpResult {
  status: number;
  body: string;
  /** The parsed JSON body, undefined when it was not JSON. */
  json: unknown;
  /** The socket error when status is 0. */
  error?: string;
  /** The response headers (empty when there was no answer). */
  headers: http.IncomingHttpHeaders;
  /** Milliseconds from send to the last byte (or to the error). */
  elapsedMs: number;
}

/** The envelope every member and operator call answers with. */
export interface Envelope<T = Record<string, unknown>> {
  success: boolean;
  code: string;
  message: string;
  value: T;
}

export function envelopeOf<T = Record<string, unknown>>(result: HttpResult): Envelope<T> {
  if (typeof result.json !== 'object' || result.json === null) {
    throw new Error(`not an envelope: HTTP ${result.status} ${result.error ?? result.body.slice(0, 300)}`);
  }
  return result.json as Envelope<T>;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with content-type application/json), e.g. a signed callback whose bytes matter. */
  rawBody?: string;
  /** Member or operator bearer token. */
  token?: string;
  headers?: Record<string, string>;
  /** A name for reports and assertions; not sent. */
  label?: string;
}

/**
 * Real HTTP over real sockets (keep-alive, up to `maxSockets` in parallel), so concurrent
 * requests are concurrent on the server. Never throws for a status; a network error is status 0.
 */
export class HttpClient {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(
    baseUrl: string,
    private readonly defaults: { host?: string; headers?: Record<string, string>; maxSockets?: number; timeoutMs?: number } = {},
  ) {
    this.url = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: defaults.maxSockets ?? 64 });
  }

  request(request: HttpRequest): Promise<HttpResult> {
    const started = performance.now();
    const payload = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    const headers: Record<string, string> = { language: 'EN', ...this.defaults.headers, ...request.headers };
    if (this.defaults.host) headers.host = this.defaults.host;
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve) => {
      const done = (status: number, body: string, error?: string, responseHeaders: http.IncomingHttpHeaders = {}) => {
        let json: unknown;
        try {
          json = body ? JSON.parse(body) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status, body, json, headers: responseHeaders, elapsedMs: performance.now() - started, ...(error ? { error } : {}) });
      };
      const outgoing = http.request(
        {
          agent: this.agent,
          hostname: this.url.hostname,
          port: this.url.port,
          method: request.method,
          path: request.path,
          headers,
          timeout: this.defaults.timeoutMs ?? 60_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), undefined, response.headers));
          response.on('error', (error) => done(0, '', error.message));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
      outgoing.on('error', (error: NodeJS.ErrnoException) => done(0, '', error.code ?? error.message));
      if (payload !== undefined) outgoing.write(payload);
      outgoing.end();
    });
  }

  /** Closes the kept-alive sockets (a killed server leaves them dead). */
  close(): void {
    this.agent.destroy();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface BurstOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Called after each answer (or failure) with the number completed so far; kill the server here. */
  onSettled?: (completed: number, result: HttpResult, index: number) => void | Promise<void>;
}

/**
 * Fires `requests` with at most `concurrency` in flight and returns the results in request order.
 * A request that starts after the server died simply gets status 0 (connection refused).
 */
export async function fireBurst(client: HttpClient, requests: readonly HttpRequest[], options: BurstOptions): Promise<HttpResult[]> {
  const results: HttpResult[] = new Array(requests.length);
  let next = 0;
  let completed = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next;
      next += 1;
      const request = requests[index];
      if (!request) continue;
      const result = await client.request(request);
      results[index] = result;
      completed += 1;
      await options.onSettled?.(completed, result, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  return results;
}

export interface CrashHarnessOptions {
  /** Extra environment of the server (merged over the harness defaults). */
  env?: Record<string, string>;
  /** Seed the database like production (without demo members) before the first start. Default true. */
  seed?: boolean;
  /** Milliseconds to wait for /healthz after a start. Default 90 s (tsx compiles the app on a loaded machine). */
  startTimeoutMs?: number;
  /** Connections of the test's own pool on the database. Default 4. */
  poolMax?: number;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface CrashHarness {
  /** The server's database (with credentials); give it to CLIs. */
  readonly databaseUrl: string;
  /** The test's own connection pool on the same database: fixtures before, checks after. */
  readonly database: Database;
  readonly port: number;
  readonly baseUrl: string;
  /** The bootstrap operator token the server was started with. */
  readonly operatorToken: string;
  /** The client of the current server life (a new one per start: a killed server's sockets are dead). */
  readonly client: HttpClient;
  /** Starts the server and waits for /healthz; the same port and database every time. */
  start(): Promise<void>;
  /** SIGKILL: no drain, no graceful close, open transactions die with their connections. */
  kill(): Promise<ServerExit>;
  /** SIGTERM and wait for the graceful close. */
  stop(): Promise<ServerExit>;
  isRunning(): boolean;
  /**
   * Transactions open right now on the database, other than the asking connection. While the
   * test's own pool is idle they are the server's: a kill now lands inside one.
   */
  openTransactionCount(): Promise<number>;
  /** The server's recent stdout and stderr, for failure messages. */
  output(): string;
  /** Stops the server if running, closes the pool and drops the database. */
  close(): Promise<void>;
}

/** Runs a server CLI script (path relative to apps/server) against the harness database, like `npm run <script>` would. */
export function runServerCli(script: string, env: Record<string, string>, timeoutMs = 60_000): Promise<ChildResult> {
  return runChild(process.execPath, ['--import', 'tsx', script], SERVER_ROOT, env, timeoutMs);
}

const REPOSITORY_ROOT = path.resolve(SERVER_ROOT, '../..');

/** Runs a root package.json script (`npm run --silent <script>`) with extra environment, e.g. `ledger:verify` on the harness database. */
export function runNpmScript(script: string, env: Record<string, string>, timeoutMs = 60_000): Promise<ChildResult> {
  return runChild('npm', ['run', '--silent', script], REPOSITORY_ROOT, env, timeoutMs);
}

type ChildResult = { code: number; stdout: string; stderr: string };

/** A production-mode child with extra environment (INIT_CWD dropped so npm resolves from cwd); code 99 when it died without one. */
function runChild(file: string, args: string[], cwd: string, env: Record<string, string>, timeoutMs: number): Promise<ChildResult> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env };
    delete childEnv.INIT_CWD;
    execFile(file, args, { cwd, env: childEnv, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 99) : 0;
      resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}

/**
 * A fresh Postgres database (migrated, seeded) and the means to run, kill and restart the real
 * server on it. Needs DATABASE_URL (an admin connection to create the database): PGlite is one
 * process and a SIGKILL of it tests the WASM file system, not our code.
 */
export async function createCrashHarness(options: CrashHarnessOptions = {}): Promise<CrashHarness> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('crash harness: set DATABASE_URL to a Postgres server');
  const name = `kismat_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const database = openPostgres({ url: databaseUrl, poolMax: options.poolMax ?? 4, connectTimeoutMs: 5000, statementTimeoutMs: 30_000 });
  await database.migrate();
  if (options.seed !== false) await seedDatabase(database.db, { demo: false });

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const operatorToken = `crash-${randomBytes(16).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kismat-crash-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SEED_DEMO: 'false',
    // A production start must name its providers (platform/outbox/check-message-delivery.ts);
    // tests keep messages in the outbox, and the network stays closed.
    SMS_PROVIDER: 'outbox',
    MAIL_PROVIDER: 'outbox',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OPERATOR_TOKEN: operatorToken,
    // Tests send plain bodies to the E calls; sealing is covered by its own tests.
    ALLOW_PLAIN_E_CALLS: 'true',
    // Every request of a test comes from 127.0.0.1; per-IP limits are for the public.
    PUBLIC_RATE_LIMIT_SCALE: '100',
    LOGIN_CAPTCHA_AFTER_PER_IP: '1000',
    SHUTDOWN_GRACE_MS: '2000',
    ...options.env,
  };
  delete env.INIT_CWD;

  let child: ChildProcess | null = null;
  let exited: Promise<ServerExit> = Promise.resolve({ code: null, signal: null });
  let client = new HttpClient(baseUrl);
  const logLines: string[] = [];
  const capture = (chunk: Buffer) => {
    logLines.push(chunk.toString('utf8'));
    if (logLines.length > 200) logLines.splice(0, logLines.length - 200);
  };

  async function waitForHealth(started: ChildProcess, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`server exited (${started.exitCode ?? started.signalCode}) before it was healthy:\n${logLines.join('')}`);
      }
      const health = await client.request({ method: 'GET', path: '/healthz' });
      if (health.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`server not healthy after ${timeoutMs} ms:\n${logLines.join('')}`);
  }

  function isRunning(): boolean {
    return child !== null && child.exitCode === null && child.signalCode === null;
  }

  async function end(signal: 'SIGKILL' | 'SIGTERM'): Promise<ServerExit> {
    if (!child || !isRunning()) return exited;
    child.kill(signal);
    const result = await exited;
    client.close();
    return result;
  }

  return {
    databaseUrl,
    database,
    port,
    baseUrl,
    operatorToken,
    get client() {
      return client;
    },
    async start() {
      if (isRunning()) throw new Error('crash harness: the server is already running');
      client.close();
      client = new HttpClient(baseUrl);
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      exited = new Promise((resolve) => started.once('exit', (code, signal) => resolve({ code, signal })));
      started.stdout?.on('data', capture);
      started.stderr?.on('data', capture);
      try {
        await waitForHealth(started, options.startTimeoutMs ?? 90_000);
      } catch (error) {
        started.kill('SIGKILL');
        await exited;
        throw error;
      }
    },
    kill: () => end('SIGKILL'),
    async stop() {
      if (!child || !isRunning()) return exited;
      const timer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
      try {
        return await end('SIGTERM');
      } finally {
        clearTimeout(timer);
      }
    },
    isRunning,
    async openTransactionCount() {
      const result = await database.db.execute(
        sql`SELECT count(*)::int AS open FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`,
      );
      // node-postgres (the harness is Postgres only) answers { rows }.
      return (result as unknown as { rows: { open: number }[] }).rows[0]?.open ?? 0;
    },
    output: () => logLines.join(''),
    async close() {
      await end('SIGKILL');
      client.close();
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

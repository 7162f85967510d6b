import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { useDemoPlayerFirstDeposit } from './turnover';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operatorToken: string;
    /** The stand-in SMS gateway: GET <url>/messages?to=+880... lists what the server sent there. */
    smsGatewayUrl: string;
    /** Our Hub88 key pair for the aggregators spec: the server holds the private half in AGGREGATOR_E2E_HUB88_KEY (set at its start). */
    hub88OperatorKey: { secretEnv: string; publicKeyPem: string };
  }
}

const root = path.resolve(import.meta.dirname, '../..');
export const OPERATOR_TOKEN = `e2e-${randomBytes(12).toString('hex')}`;
/** Our RSA key for the e2e Hub88 contract (specs/aggregators.e2e.ts): only the e2e server's environment holds it. */
const HUB88_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 });
const HUB88_SECRET_ENV = 'AGGREGATOR_E2E_HUB88_KEY';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become healthy in time');
}

interface SentSms {
  to: string;
  text: string;
  receivedAt: number;
}

/**
 * The outside world's SMS gateway, standing in for the provider: the server delivers codes here
 * through its real HTTP adapter (SMS_PROVIDER=http), and specs read them back. Codes never come
 * from the operator API, which masks them (issue 11, finding 3).
 */
async function startSmsGateway(): Promise<{ url: string; close(): Promise<void> }> {
  const sent: SentSms[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway.test');
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to');
      const list = sent.filter((message) => !to || message.to === to).reverse();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        messages?: Array<{ destinations?: Array<{ to?: string }>; text?: string }>;
      };
      for (const message of body.messages ?? []) {
        for (const destination of message.destinations ?? []) {
          sent.push({ to: `+${destination.to ?? ''}`, text: message.text ?? '', receivedAt: Date.now() });
        }
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messages: [{ status: { groupName: 'PENDING' } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts the real server on the built site and a fresh database (a new Postgres database when
 * DATABASE_URL is set, else an embedded one in a temp folder) for the whole e2e run.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web site first: npm run build');
  const port = await freePort();
  const smsGateway = await startSmsGateway();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    OPERATOR_TOKEN,
    // The specs log the seeded demo operators in by password; the second factor is proven by modules/operator/operator-security.test.ts.
    OPERATOR_TOTP_REQUIRED: 'false',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: `${smsGateway.url}/sms/2/text/advanced`,
    SMS_HTTP_TOKEN: 'e2e-sms-gateway-token',
    // The agent journey lets a day pass for the settlement jobs (POST /admin-api/test/agent-settlement-clock).
    TEST_CLOCK: 'true',
    // Every browser of the suite comes from 127.0.0.1: per-IP limits meant for the public
    // would make one spec's attempts count against the next. Per-account rules stay as shipped.
    PUBLIC_RATE_LIMIT_SCALE: '50',
    LOGIN_CAPTCHA_AFTER_PER_IP: '1000',
    [HUB88_SECRET_ENV]: HUB88_KEY.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  let cleanupDatabase: () => Promise<void> = async () => {};
  const cleanup = async () => {
    await smsGateway.close();
    await cleanupDatabase();
  };
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `kismat_e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanupDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kismat-e2e-'));
    env.DATA_DIR = dataDir;
    env.DATABASE_URL = undefined;
    delete env.DATABASE_URL;
    cleanupDatabase = async () => rmSync(dataDir, { recursive: true, force: true });
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // A fresh database migrates and seeds before /healthz answers: 75 s at load 16 on two cores,
    // over 90 s at load 20 (the run then failed before any spec); a healthy start is not slower.
    await waitForHealth(baseUrl, server, 180_000);
  } catch (error) {
    server.kill('SIGKILL');
    await cleanup();
    throw error;
  }
  try {
    // The demo player's first-deposit bonus is used before any spec runs (support/turnover.ts).
    await useDemoPlayerFirstDeposit(baseUrl, OPERATOR_TOKEN);
  } catch (error) {
    server.kill('SIGKILL');
    await cleanup();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('operatorToken', OPERATOR_TOKEN);
  project.provide('smsGatewayUrl', smsGateway.url);
  project.provide('hub88OperatorKey', {
    secretEnv: HUB88_SECRET_ENV,
    publicKeyPem: HUB88_KEY.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        resolve(undefined);
      }, 15_000);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    await cleanup();
  };
}

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { percentile } from './pgbench';

interface PlanBase {
  /** The listening app, e.g. http://127.0.0.1:41234 */
  address: string;
  /** The merchant's host header, when the calls need one. */
  host?: string;
  workers: number;
  seconds: number;
  /** Wait until then before the first call (a rush timed to a lottery cutoff). */
  startAtEpochMs?: number;
  /** Stop sending at this instant instead of after `seconds`. */
  untilEpochMs?: number;
}

/** What the load process runs: paid spins, lottery slips or signed vendor bet+win rounds. */
export type LoadPlan =
  | (PlanBase & { kind: 'slot-spins'; tokens: string[]; bets: { titleId: string; betLevel: string }[] })
  | (PlanBase & {
      kind: 'lottery-tickets';
      tokens: string[];
      issueId: string;
      tickets: { betType: string; selection: string; amount: string }[];
    })
  | (PlanBase & {
      /** Evolution One Wallet debit + credit rounds through the Evolution adapter (authToken in the query). */
      kind: 'evolution-rounds';
      /** e.g. /aggregators/evolution/KISMAT/EVOLUTION */
      prefix: string;
      authToken: string;
      tableId: string;
      currency: string;
      sessions: { sid: string; userId: string }[];
    })
  | (PlanBase & {
      kind: 'vendor-rounds';
      vendorCode: string;
      apiSecret: string;
      gameCode: string;
      currency: string;
      sessions: { sessionId: string; user: string }[];
    })
  | (PlanBase & {
      /** Hub88 bet + win rounds through the Hub88 adapter, each body signed RSA-SHA256 with the fake Hub88's key. */
      kind: 'hub88-rounds';
      /** e.g. /aggregators/hub88/KISMAT/HUB88 */
      prefix: string;
      privateKeyPem: string;
      gameCode: string;
      currency: string;
      sessions: { token: string; user: string }[];
    });

/** Every call the load process made: when sent and answered (epoch ms), how long (ms), and `OK` or what it answered. */
export interface LoadResult {
  calls: { sentAt: number; answeredAt: number; ms: number; outcome: string }[];
  clientCpuMs: number;
}

const WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/**
 * Runs `plan` in a separate Node process (the load client never shares the server's event loop
 * or CPU accounting) and answers its calls. Rejects when the process fails.
 */
export function runLoadProcess(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], { stdio: ['pipe', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load process exited ${code}`));
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoadResult);
      } catch (error) {
        reject(error);
      }
    });
    child.stdin.end(JSON.stringify(plan));
  });
}

/** Latencies of the successful calls (ascending), the failures by outcome, and p50/p95/p99. */
export function summariseLoad(result: LoadResult) {
  const latencies = result.calls
    .filter((call) => call.outcome === 'OK')
    .map((call) => call.ms)
    .sort((left, right) => left - right);
  const failures = new Map<string, number>();
  for (const call of result.calls) if (call.outcome !== 'OK') failures.set(call.outcome, (failures.get(call.outcome) ?? 0) + 1);
  const failed = [...failures.values()].reduce((sum, value) => sum + value, 0);
  return {
    latencies,
    failures,
    failed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    describeFailures: () => `${failed} failed${failed ? `: ${JSON.stringify(Object.fromEntries(failures))}` : ''}`,
  };
}

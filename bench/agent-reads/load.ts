/**
 * The load client of bench/agent-reads, a process of its own (run.ts starts it): every read
 * sequentially (`--sequential` calls each, p50/p95) and then at `--concurrent` in flight
 * (`--calls` each, p50/p95 and the calls that did not answer 200 with success). Reads its plan
 * as JSON from argv[2] and prints the figures as one JSON line.
 */
import { HttpClient } from '../../apps/server/src/test/crash-harness';
import { percentile } from '../support/pgbench';

export interface LoadPlan {
  address: string;
  host: string;
  token: string;
  sequential: number;
  concurrent: number;
  calls: number;
  reads: { name: string; paths: string[] }[];
}

export interface ReadFigures {
  name: string;
  sequential: { p50: number; p95: number; errors: number };
  concurrent: { p50: number; p95: number; errors: number; calls: number };
  sample?: string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
const client = new HttpClient(plan.address, { host: plan.host, maxSockets: plan.concurrent * 2, timeoutMs: 120_000 });

async function call(path: string): Promise<{ ms: number; ok: boolean; body: string }> {
  const result = await client.request({ method: 'GET', path, token: plan.token });
  const ok = result.status === 200 && (result.json as { success?: boolean } | undefined)?.success === true;
  return { ms: result.elapsedMs, ok, body: result.body };
}

const figures: ReadFigures[] = [];
for (const read of plan.reads) {
  const sequential: number[] = [];
  let sequentialErrors = 0;
  let sample = '';
  for (let index = 0; index < plan.sequential; index += 1) {
    const answer = await call(read.paths[index % read.paths.length] ?? '');
    sequential.push(answer.ms);
    if (!answer.ok) {
      sequentialErrors += 1;
      sample ||= answer.body.slice(0, 300);
    }
  }
  const concurrent: number[] = [];
  let concurrentErrors = 0;
  let next = 0;
  const worker = async () => {
    while (next < plan.calls) {
      const index = next;
      next += 1;
      const answer = await call(read.paths[(plan.sequential + index) % read.paths.length] ?? '');
      concurrent.push(answer.ms);
      if (!answer.ok) {
        concurrentErrors += 1;
        sample ||= answer.body.slice(0, 300);
      }
    }
  };
  await Promise.all(Array.from({ length: plan.concurrent }, worker));
  sequential.sort((a, b) => a - b);
  concurrent.sort((a, b) => a - b);
  figures.push({
    name: read.name,
    sequential: { p50: percentile(sequential, 0.5), p95: percentile(sequential, 0.95), errors: sequentialErrors },
    concurrent: { p50: percentile(concurrent, 0.5), p95: percentile(concurrent, 0.95), errors: concurrentErrors, calls: concurrent.length },
    ...(sample ? { sample } : {}),
  });
}
client.close();
console.log(JSON.stringify(figures));

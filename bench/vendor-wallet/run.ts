/**
 * Vendor wallet over HTTP: signed bet + win rounds per second and p99 against a fresh Postgres
 * database, beside pgbench (TPC-B-like) on the same server in the same run, printing the ratio
 * (DESIGN.md section 8: target >= 1.0, p99 < 50 ms).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/vendor-wallet/run.ts [seconds=10] [workers=16] [players=200]
 *
 * Not a test. A bounded loop (each worker plays its own players, one round at a time), real
 * HTTP to the listening app from a separate load process, real HMAC signatures.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { VENDOR_API_PATHS, VENDOR_HEADERS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { launchFundedMember, prepareVendorBench, vendorRoundsPlan } from '../support/aggregator-bench';
import { backendCpuSeconds } from '../support/backend-cpu';
import { requireDatabaseUrl, runOnBenchApp } from '../support/bench-app';
import { runLoadProcess, summariseLoad } from '../support/load-process';
import { PGBENCH_SCALE, runPgbench } from '../support/pgbench';
import { countPgStatements } from '../support/statement-counter';

const [seconds = 10, workers = 16, players = 200] = process.argv.slice(2).map(Number);
const VENDOR = 'PT';
const databaseUrl = requireDatabaseUrl('vendor-wallet');

await runOnBenchApp(databaseUrl, async (app, address) => {
  const bench = await prepareVendorBench(app, VENDOR);
  const { vendor } = bench;

  // Setup calls (authenticate) from this process; the timed rounds come from a separate load
  // process (bench/support/load-process.ts), so the CPU figures below are the server's alone.
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers + 4 });
  const target = new URL(address);
  const call = (path: string, body: Record<string, unknown>): Promise<VendorResponse> => {
    const payload = JSON.stringify({ requestUuid: randomUUID(), ...body });
    const timestamp = String(Date.now());
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          method: 'POST',
          path,
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
            [VENDOR_HEADERS.vendor]: VENDOR,
            [VENDOR_HEADERS.timestamp]: timestamp,
            [VENDOR_HEADERS.signature]: signVendorPayload(vendor.apiSecret, timestamp, payload),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as VendorResponse);
            } catch (error) {
              reject(error);
            }
          });
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  };

  // Players: funded, launched (directly, no login), authenticated over HTTP.
  const sessions: { sessionId: string; user: string }[] = [];
  for (let index = 0; index < players; index += 1) {
    const token = await launchFundedMember(app, bench);
    const auth = await call(VENDOR_API_PATHS.authenticate, { token });
    if (auth.status !== 'RS_OK' || !auth.sessionId || !auth.user) throw new Error(`authenticate: ${auth.status}`);
    sessions.push({ sessionId: auth.sessionId, user: auth.user });
  }

  // The group commit's batches during the timed loop (vendor-batch.ts).
  const batches = { count: 0, calls: 0, replayed: 0 };
  // Optional so the same script measures a checkout from before group commit (bench/README.md).
  const batcher = (app as Partial<typeof app>).vendorBatcher;
  if (batcher && process.env.VENDOR_BATCH_IN_FLIGHT) batcher.options.maxInFlight = Number(process.env.VENDOR_BATCH_IN_FLIGHT);
  if (batcher && process.env.VENDOR_BATCH_WINDOW_MS) batcher.options.windowMs = Number(process.env.VENDOR_BATCH_WINDOW_MS);
  const stopObserving = batcher?.observe((report) => {
    batches.count += 1;
    batches.calls += report.size;
    if (report.outcome === 'replayed') {
      if (batches.replayed === 0) console.error('first replayed batch:', report.error);
      batches.replayed += 1;
    }
  });
  // CPU per round is what the code costs, whatever else the shared machine is running.
  // SQL statements sent during the timed loop (every pg client of this process: the app's pool).
  const statements = countPgStatements();
  const cpuBefore = process.cpuUsage();
  const backendBefore = await backendCpuSeconds(app.db);
  const load = await runLoadProcess(vendorRoundsPlan(bench, VENDOR, { address, workers, seconds }, sessions));
  stopObserving?.();
  statements.stop();
  const cpu = process.cpuUsage(cpuBefore);
  const backendSeconds = (await backendCpuSeconds(app.db)) - backendBefore;
  const run = summariseLoad(load);
  const { latencies } = run;
  const roundsPerSecond = latencies.length / seconds;
  const report = await verifyLedger(app.db);
  const tps = runPgbench(databaseUrl, workers, seconds);
  console.log(
    [
      `vendor-wallet: ${latencies.length} bet+win rounds in ${seconds}s with ${workers} workers over HTTP from a separate load process (${run.describeFailures()})`,
      `  rounds/s ${roundsPerSecond.toFixed(1)}  p50 ${run.p50.toFixed(1)} ms  p95 ${run.p95.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms (per round = 2 calls)`,
      `  CPU per round: server process ${((cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length)).toFixed(2)} ms, load client ${(load.clientCpuMs / Math.max(1, latencies.length)).toFixed(2)} ms, postgres backends ${((backendSeconds * 1000) / Math.max(1, latencies.length)).toFixed(2)} ms`,
      `  SQL statements per round: ${(statements.count() / Math.max(1, latencies.length)).toFixed(2)} (BEGIN and COMMIT included)`,
      `  group commit (window ${batcher?.options.windowMs ?? '-'} ms, ${batcher?.options.maxInFlight ?? '-'} in flight): ${batches.count} batches, ${(batches.calls / Math.max(1, batches.count)).toFixed(1)} calls per batch, ${batches.replayed} replayed call by call`,
      `  pgbench TPC-B-like (scale ${PGBENCH_SCALE}, ${workers} clients, ${seconds}s): ${tps.toFixed(1)} tps`,
      `  ratio rounds/s : pgbench tps = ${(roundsPerSecond / tps).toFixed(2)} (target >= 1.0)`,
      `  ledger verify: ${report.ok ? 'OK' : 'BREACH'}`,
    ].join('\n'),
  );
});

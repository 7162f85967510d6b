/**
 * Slots over HTTP: paid spins per second and p50/p99 through the real spin route
 * (POST /bgs/api/slots/spin: seed lock, outcome, bet debit, payout credit, round record in one
 * transaction) against a fresh Postgres database, beside pgbench (TPC-B-like) on the same server
 * in the same run, printing the ratio; ends with verifyLedger.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/slots/run.ts [seconds=10] [workers=16] [players=200]
 *
 * Not a test. Members are real (created, funded through the ledger, logged in through the login
 * call); each worker spins its own players one spin at a time (a member's spins queue on their
 * seed row by design, so sharing players between workers would time that queue). Every slot
 * title in turn at its lowest bet level.
 */
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { HttpClient } from '../../apps/server/src/test/crash-harness';
import { createMember, createMerchant, TestClient, uniqueIp } from '../../apps/server/src/test/factories';
import { fundMember } from '../../apps/server/src/test/house-games-test-kit';
import { readBenchArguments, runOnBenchApp } from '../support/bench-app';
import { PGBENCH_SCALE, percentile, runPgbench } from '../support/pgbench';
import { describeFailures, spinSlotsFor } from '../support/slot-spins';

const TOO_FEW = 'give at least as many players as workers (each worker spins its own players).';
const { seconds, workers, count: players, databaseUrl } = readBenchArguments('slots', { seconds: 10, workers: 16, count: 200 }, TOO_FEW);

await runOnBenchApp(databaseUrl, async (app, address) => {
  const { merchant, host } = await createMerchant(app.db);
  const setup = new TestClient(app, host);
  const tokens: string[] = [];
  for (let index = 0; index < players; index += 1) {
    const { member, password } = await createMember(app.db, merchant.id);
    await fundMember(app.db, merchant, member.id, 100_000_000n);
    // Logged in through the real call (in-process; only the spins are timed over sockets).
    tokens.push(await setup.login(member.username, password ?? '', { ip: uniqueIp() }));
  }
  const client = new HttpClient(address, { host, maxSockets: workers * 2 });
  const run = await spinSlotsFor(client, tokens, workers, seconds);
  const { latencies } = run;
  client.close();
  const spinsPerSecond = latencies.length / seconds;
  const report = await verifyLedger(app.db);
  const tps = runPgbench(databaseUrl, workers, seconds);
  console.log(
    [
      `slots: ${latencies.length} spins in ${seconds}s with ${workers} workers, ${players} players over HTTP (${describeFailures(run)})`,
      `  spins/s ${spinsPerSecond.toFixed(1)}  p50 ${percentile(latencies, 0.5).toFixed(1)} ms  p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
      `  pgbench TPC-B-like (scale ${PGBENCH_SCALE}, ${workers} clients, ${seconds}s): ${tps.toFixed(1)} tps`,
      `  ratio spins/s : pgbench tps = ${(spinsPerSecond / tps).toFixed(2)}`,
      `  ledger verify: ${report.ok ? 'OK' : `BREACH ${JSON.stringify(report)}`} (${report.checkedTransfers} transfers)`,
    ].join('\n'),
  );
  if (!report.ok) process.exitCode = 1;
});

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
 * title in turn at its lowest bet level. The spins are sent by a separate load process
 * (bench/support/load-process.ts), so this process only serves; its CPU per spin and the
 * Postgres backends' are printed apart from the client's. `CPU_PROFILE=file` writes the server's
 * CPU profile of the timed loop (read it with bench/support/cpu-profile-top.ts).
 */

import { formatAmount } from '@kismat/contracts/wallet';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { backendCpuSeconds } from '../support/backend-cpu';
import { loginFundedPlayers, readBenchArguments, runOnBenchApp } from '../support/bench-app';
import { startCpuProfile } from '../support/cpu-profile';
import { runLoadProcess, summariseLoad } from '../support/load-process';
import { PGBENCH_SCALE, runPgbench } from '../support/pgbench';
import { countPgStatements } from '../support/statement-counter';

const TOO_FEW = 'give at least as many players as workers (each worker spins its own players).';
const { seconds, workers, count: players, databaseUrl } = readBenchArguments('slots', { seconds: 10, workers: 16, count: 200 }, TOO_FEW);

await runOnBenchApp(databaseUrl, async (app, address) => {
  const { host, tokens } = await loginFundedPlayers(app, players);
  const bets = SLOT_TITLES.map((title) => ({ titleId: title.id, betLevel: formatAmount(title.betLevelsMinor[0] ?? 100n) }));
  // SQL statements sent during the timed loop (every pg client of this process: the app's pool).
  const statements = countPgStatements();
  const cpuBefore = process.cpuUsage();
  const backendBefore = await backendCpuSeconds(app.db);
  // CPU_PROFILE=file: the server's profile of the timed loop (bench/support/cpu-profile-top.ts reads it).
  const profiler = await startCpuProfile();
  const load = await runLoadProcess({ kind: 'slot-spins', address, host, workers, seconds, tokens, bets });
  const cpu = process.cpuUsage(cpuBefore);
  await profiler.stop();
  statements.stop();
  const backendSeconds = (await backendCpuSeconds(app.db)) - backendBefore;
  const run = summariseLoad(load);
  const { latencies } = run;
  const spins = Math.max(1, latencies.length);
  const spinsPerSecond = latencies.length / seconds;
  const report = await verifyLedger(app.db);
  const tps = runPgbench(databaseUrl, workers, seconds);
  console.log(
    [
      `slots: ${latencies.length} spins in ${seconds}s with ${workers} workers, ${players} players over HTTP from a separate load process (${run.describeFailures()})`,
      `  spins/s ${spinsPerSecond.toFixed(1)}  p50 ${run.p50.toFixed(1)} ms  p95 ${run.p95.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms`,
      `  SQL statements per spin: ${(statements.count() / spins).toFixed(2)} (the whole request: auth, accounts, BEGIN and COMMIT included)`,
      `  CPU per spin: server process ${((cpu.user + cpu.system) / 1000 / spins).toFixed(2)} ms, postgres backends ${((backendSeconds * 1000) / spins).toFixed(2)} ms, load client ${(load.clientCpuMs / spins).toFixed(2)} ms`,
      `  pgbench TPC-B-like (scale ${PGBENCH_SCALE}, ${workers} clients, ${seconds}s): ${tps.toFixed(1)} tps`,
      `  ratio spins/s : pgbench tps = ${(spinsPerSecond / tps).toFixed(2)}`,
      `  ledger verify: ${report.ok ? 'OK' : `BREACH ${JSON.stringify(report)}`} (${report.checkedTransfers} transfers)`,
    ].join('\n'),
  );
  if (!report.ok) process.exitCode = 1;
});

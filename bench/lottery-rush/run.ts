/**
 * Lottery rush (issue 16, item 3): many members buy tickets over HTTP in the last seconds before
 * an ELOTT_1M draw's cutoff and on past it, while the real lottery job (close, draw, open the
 * next issues) runs on its production cadence in the server's process. Prints slips/s and
 * p50/p95/p99 of the accepted slips in the rush window, pgbench TPC-B-like on the same server in
 * the same run and the ratio, and what happened at the cutoff:
 *   - slips sent at or after the cutoff instant that were accepted (must be 0),
 *   - tickets stored with placed_at at or after the cutoff (must be 0),
 *   - the published ticket-set hash and count at close against the set as it stands after the
 *     run (must be equal: nothing landed after the close),
 * then verifyLedger. Exits 1 when any of these fails.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/lottery-rush/run.ts [rushSeconds=10] [workers=16] [players=200]
 *
 * Not a test. Waits for the next ELOTT_1M issue whose cutoff is at least rushSeconds + 30 s
 * away (up to a minute and a half). The load client is a separate process (bench/support/load-process.ts);
 * client and server share one clock (same host), so "sent at or after the cutoff" is exact.
 */
import { eq, sql } from 'drizzle-orm';
import { lotteryIssues } from '../../apps/server/src/db/schema/house-games';
import { hashTicketSetInDatabase } from '../../apps/server/src/modules/house-games/close-lottery-issue';
import { ensureLotteryIssues } from '../../apps/server/src/modules/house-games/ensure-lottery-issues';
import { currentIssueIndex, findLotteryGame, issueSlot } from '../../apps/server/src/modules/house-games/lottery-games';
import { lotteryJobs } from '../../apps/server/src/modules/house-games/lottery-jobs';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { rowsOf } from '../../apps/server/src/platform/sql-values';
import { backendCpuSeconds } from '../support/backend-cpu';
import { loginFundedPlayers, readBenchArguments, runOnBenchApp } from '../support/bench-app';
import { startCpuProfile } from '../support/cpu-profile';
import { runLoadProcess, summariseLoad } from '../support/load-process';
import { PGBENCH_SCALE, runPgbench } from '../support/pgbench';
import { countPgStatements } from '../support/statement-counter';

const GAME = 'ELOTT_1M';
const PAST_CUTOFF_MS = 2_000;
/** How far ahead the rush window must start (the load process starts meanwhile). */
const LEAD_MS = 30_000;
const TOO_FEW = 'give at least as many players as workers (each worker sends its own players).';
const {
  seconds,
  workers,
  count: players,
  databaseUrl,
} = readBenchArguments('lottery-rush', { seconds: 10, workers: 16, count: 200 }, TOO_FEW);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

await runOnBenchApp(databaseUrl, async (app, address) => {
  const game = findLotteryGame(GAME);
  if (!game) throw new Error(`no ${GAME}`);
  const { host, tokens } = await loginFundedPlayers(app, players);

  // The first issue whose rush window starts at least LEAD_MS from now: the load process must be
  // up by then (on a loaded machine its start took ~20 s, and a window that had begun was missed).
  let index = currentIssueIndex(game, new Date());
  while (issueSlot(game, index).cutoffAt.getTime() - seconds * 1000 < Date.now() + LEAD_MS) index += 1;
  const slot = issueSlot(game, index);
  const cutoff = slot.cutoffAt.getTime();
  const rushStart = cutoff - seconds * 1000;
  console.error(
    `lottery-rush: ${players} players ready; issue ${slot.issueNo}, rush from ${new Date(rushStart).toISOString()} (in ${((rushStart - Date.now()) / 1000).toFixed(0)} s)`,
  );

  // The production job on its production cadence, in this (the server's) process.
  const [job] = lotteryJobs(app.db);
  if (!job) throw new Error('no lottery job');
  let running = true;
  const jobLoop = (async () => {
    while (running) {
      await job.run(new Date()).catch((error: unknown) => console.error('lottery job failed:', error));
      await sleep(job.everyMs);
    }
  })();
  // The issue must exist when the rush starts: the job opens the coming ones; make sure.
  await ensureLotteryIssues(app.db, new Date(slot.opensAt.getTime() + 1));
  const [issue] = await app.db.select().from(lotteryIssues).where(eq(lotteryIssues.issueNo, slot.issueNo));
  if (!issue) throw new Error(`issue ${slot.issueNo} not opened`);

  // SQL statements and CPU during the rush (every pg client of this process: the app's pool, the
  // lottery job's close included), per slip accepted (or refused) in it.
  const statements = countPgStatements();
  // CPU_PROFILE=file: the server process's V8 profile over the rush only (bench/support/cpu-profile.ts).
  const profiler = await startCpuProfile();
  const cpuBefore = process.cpuUsage();
  const backendBefore = await backendCpuSeconds(app.db);
  const load = await runLoadProcess({
    kind: 'lottery-tickets',
    address,
    host,
    workers,
    seconds,
    startAtEpochMs: rushStart,
    untilEpochMs: cutoff + PAST_CUTOFF_MS,
    tokens,
    issueId: String(issue.id),
    tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amount: '1.00' }],
  });

  const cpu = process.cpuUsage(cpuBefore);
  await profiler.stop();
  statements.stop();
  const backendSeconds = (await backendCpuSeconds(app.db)) - backendBefore;
  const answered = Math.max(1, load.calls.length);

  // Wait for the job to close the issue (at most two cadences after the cutoff).
  let closed = issue;
  for (let attempt = 0; attempt < 40 && closed.ticketSetHash === null; attempt += 1) {
    await sleep(500);
    [closed = closed] = await app.db.select().from(lotteryIssues).where(eq(lotteryIssues.id, issue.id));
  }
  running = false;
  await jobLoop;

  const inRush = load.calls.filter((call) => call.sentAt < cutoff);
  const run = summariseLoad({ ...load, calls: inRush });
  const acceptedLate = load.calls.filter((call) => call.sentAt >= cutoff && call.outcome === 'OK').length;
  const refusedLate = load.calls.filter((call) => call.sentAt >= cutoff && call.outcome !== 'OK').length;
  const answeredAfterCutoff = inRush.filter((call) => call.outcome === 'OK' && call.answeredAt >= cutoff).length;
  const now = await hashTicketSetInDatabase(app.db, issue.id);
  const [late] = rowsOf<{ count: string }>(
    await app.db.execute(
      sql`SELECT count(*)::text AS count FROM lottery_tickets WHERE issue_id = ${issue.id} AND placed_at >= ${new Date(cutoff).toISOString()}::timestamptz`,
    ),
  );
  const setUnchanged = closed.ticketSetHash === now.hash && closed.ticketSetCount === now.count;
  const slipsPerSecond = run.latencies.length / seconds;
  const report = await verifyLedger(app.db);
  const tps = runPgbench(databaseUrl, workers, seconds);
  const ok = acceptedLate === 0 && Number(late?.count ?? 1) === 0 && setUnchanged && report.ok;
  console.log(
    [
      `lottery-rush: ${GAME} issue ${slot.issueNo}, ${workers} workers, ${players} players, ${seconds}s before the cutoff and ${PAST_CUTOFF_MS / 1000}s past it (separate load process)`,
      `  before the cutoff: ${run.latencies.length} slips accepted (${run.describeFailures()}), slips/s ${slipsPerSecond.toFixed(1)}  p50 ${run.p50.toFixed(1)} ms  p95 ${run.p95.toFixed(1)} ms  p99 ${run.p99.toFixed(1)} ms`,
      `  ${answeredAfterCutoff} of them answered after the cutoff instant (sent before it: they count, the close waited for them)`,
      `  sent at or after the cutoff: ${acceptedLate} accepted (must be 0), ${refusedLate} refused`,
      `  tickets with placed_at >= cutoff: ${late?.count} (must be 0)`,
      `  ticket set at close ${closed.ticketSetCount ?? '-'} / after the run ${now.count}: ${setUnchanged ? 'unchanged' : 'CHANGED'} (hash ${now.hash.slice(0, 12)}...)`,
      `  SQL statements per answered slip: ${(statements.count() / answered).toFixed(2)} (${load.calls.length} answered; the whole request and the lottery job's statements meanwhile)`,
      `  CPU per answered slip: server process ${((cpu.user + cpu.system) / 1000 / answered).toFixed(2)} ms, postgres backends ${((backendSeconds * 1000) / answered).toFixed(2)} ms, load client ${(load.clientCpuMs / answered).toFixed(2)} ms`,
      `  pgbench TPC-B-like (scale ${PGBENCH_SCALE}, ${workers} clients, ${seconds}s): ${tps.toFixed(1)} tps`,
      `  ratio slips/s : pgbench tps = ${(slipsPerSecond / tps).toFixed(2)} (target >= 0.5)`,
      `  ledger verify: ${report.ok ? 'OK' : `BREACH ${JSON.stringify(report)}`}`,
    ].join('\n'),
  );
  if (!ok) process.exitCode = 1;
});

/**
 * Where a vendor round's Postgres time goes, load-independently (issue 16 item 2): funded
 * players authenticated on /vendor-api/v1, then waves of signed calls through the app (in-process
 * inject, so every wave's bets arrive together and make one group-commit batch, then its wins
 * another). Prints, for the measured waves: SQL statements per round, the app's Postgres
 * backends' CPU per round (/proc), and the server process's CPU per round. With `EXPLAIN=1`
 * one more wave runs with every statement of the app's pool explained before it is sent
 * (EXPLAIN (ANALYZE, BUFFERS, SUMMARY) inside a savepoint rolled back, then the statement itself):
 * planning and execution time, the time in each trigger, JIT if any, per statement.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/vendor-wallet/profile.ts [players=8] [waves=100]
 *
 * Not a test. The bench of record is run.ts (real HTTP from a separate load process).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { VENDOR_API_PATHS, VENDOR_HEADERS, type VendorResponse } from '@kismat/contracts/vendor-wallet';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { signVendorPayload } from '../../apps/server/src/modules/vendor-wallet/vendor-signature';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { authenticateVendorPlayer, prepareVendorBench, type VendorBench } from '../support/aggregator-bench';
import { backendCpuSeconds } from '../support/backend-cpu';
import { requireDatabaseUrl, runOnBenchApp } from '../support/bench-app';
import { type ExplainedStatement, explainStatements } from '../support/explain-statements';
import { countPgStatements } from '../support/statement-counter';

const [players = 8, waves = 100] = process.argv.slice(2).map(Number);
const VENDOR = 'PT';
const databaseUrl = requireDatabaseUrl('vendor-wallet profile');

type Session = { sessionId: string; user: string };

function signedCall(app: FastifyInstance, bench: VendorBench, path: string, body: Record<string, unknown>): Promise<VendorResponse> {
  const payload = JSON.stringify({ requestUuid: randomUUID(), ...body });
  const timestamp = String(Date.now());
  return app
    .inject({
      method: 'POST',
      url: path,
      payload,
      headers: {
        'content-type': 'application/json',
        [VENDOR_HEADERS.vendor]: VENDOR,
        [VENDOR_HEADERS.timestamp]: timestamp,
        [VENDOR_HEADERS.signature]: signVendorPayload(bench.vendor.apiSecret, timestamp, payload),
      },
    })
    .then((response) => response.json() as VendorResponse);
}

/** One wave: every player bets at once (one batch), then wins at once (another), as the bench's rounds do. */
async function wave(app: FastifyInstance, bench: VendorBench, sessions: Session[]): Promise<void> {
  const rounds = sessions.map((session) => {
    const roundId = randomUUID();
    return { ...session, gameCode: bench.game.gameCode, roundId, currency: bench.merchant.currency };
  });
  const bets = await Promise.all(
    rounds.map((common) =>
      signedCall(app, bench, VENDOR_API_PATHS.bet, { ...common, transactionUuid: `${common.roundId}-b`, amount: '1.00' }),
    ),
  );
  for (const bet of bets) if (bet.status !== 'RS_OK') throw new Error(`bet: ${bet.status}`);
  const wins = await Promise.all(
    rounds.map((common) =>
      signedCall(app, bench, VENDOR_API_PATHS.win, { ...common, transactionUuid: `${common.roundId}-w`, amount: '0.90' }),
    ),
  );
  for (const win of wins) if (win.status !== 'RS_OK') throw new Error(`win: ${win.status}`);
}

const SERVER_LOG = '/var/log/postgresql/postgresql-15-main.log';

/**
 * CPU per statement as Postgres itself measures it (log_statement_stats: getrusage around each
 * parse, bind and execute message), for `waves` waves: the app's idle pool connections log their
 * statements and usage to the server log, read back from where it ended before.
 */
async function statementStats(app: FastifyInstance, bench: VendorBench, sessions: Session[], waves: number): Promise<void> {
  const pool = (app.db as unknown as { $client: pg.Pool & { _clients: pg.PoolClient[] } }).$client;
  const start = statSync(SERVER_LOG).size;
  const pids = new Set<number>();
  for (const client of pool._clients) {
    await client.query("SET log_statement_stats = on; SET log_statement = 'all'; SET log_parameter_max_length = 0");
    const { rows } = await client.query('SELECT pg_backend_pid() AS pid');
    pids.add(Number(rows[0].pid));
  }
  for (let index = 0; index < waves; index += 1) await wave(app, bench, sessions);
  for (const client of pool._clients) {
    await client.query('RESET log_statement_stats; RESET log_statement; RESET log_parameter_max_length');
    // Named statements: how often each was planned for its values (custom) or ran the generic plan.
    const { rows } = await client.query('SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name');
    console.log(
      `  prepared on one connection: ${rows.map((row) => `${row.name} ${row.generic_plans} generic/${row.custom_plans} custom`).join(', ')}`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const handle = openSync(SERVER_LOG, 'r');
  const buffer = Buffer.alloc(statSync(SERVER_LOG).size - start);
  readSync(handle, buffer, 0, buffer.length, start);
  closeSync(handle);
  // Per backend: parse and bind usage waits for the execute line that names the statement.
  const pending = new Map<number, { parse: number; bind: number; text: string }>();
  const totals = new Map<string, { count: number; parse: number; bind: number; execute: number }>();
  let current: { pid: number; kind: string } | null = null;
  // A statement's text may go on over the next lines (tab-indented): its first words name it.
  let naming: { text: string } | null = null;
  for (const line of buffer.toString('utf8').split('\n')) {
    if (naming && line.startsWith('\t') && !line.includes('!')) {
      if (naming.text.length < 110) naming.text = `${naming.text} ${line.trim()}`.trim().replace(/\s+/g, ' ').slice(0, 110);
      continue;
    }
    naming = null;
    const head = /^\S+ \S+ UTC \[(\d+)\] \S*\s+(LOG|DETAIL):\s+(.*)$/.exec(line);
    if (head) {
      const pid = Number(head[1]);
      if (!pids.has(pid)) {
        current = null;
        continue;
      }
      const message = head[3]!;
      const state = pending.get(pid) ?? { parse: 0, bind: 0, text: '' };
      pending.set(pid, state);
      const statement = /^(?:execute [^:]*|statement): (.*)$/.exec(message);
      if (head[2] === 'LOG' && statement) {
        state.text = statement[1]!.replace(/\s+/g, ' ').trim().slice(0, 110);
        naming = state;
        current = null;
      } else if (head[2] === 'LOG' && /STATISTICS$/.test(message)) {
        current = { pid, kind: message.split(' ')[0]! };
      }
      continue;
    }
    const usage = /!\s+([\d.]+) s user, ([\d.]+) s system, ([\d.]+) s elapsed/.exec(line);
    if (!usage || !current) continue;
    const cpuMs = (Number(usage[1]) + Number(usage[2])) * 1000;
    const state = pending.get(current.pid)!;
    if (current.kind === 'PARSE') state.parse += cpuMs;
    else if (current.kind === 'BIND') state.bind += cpuMs;
    else {
      const total = totals.get(state.text) ?? { count: 0, parse: 0, bind: 0, execute: 0 };
      total.count += 1;
      total.parse += state.parse;
      total.bind += state.bind;
      total.execute += cpuMs;
      totals.set(state.text, total);
      state.parse = 0;
      state.bind = 0;
    }
    current = null;
  }
  const rounds = waves * sessions.length;
  let sum = 0;
  const ordered = [...totals].sort(
    (left, right) => right[1].parse + right[1].bind + right[1].execute - (left[1].parse + left[1].bind + left[1].execute),
  );
  console.log(`  CPU per statement (log_statement_stats, ${waves} waves, ${rounds} rounds), per round: parse + bind(plan) + execute`);
  for (const [text, total] of ordered) {
    const all = total.parse + total.bind + total.execute;
    sum += all;
    console.log(
      `  ${(all / rounds).toFixed(3)} ms = ${(total.parse / rounds).toFixed(3)} + ${(total.bind / rounds).toFixed(3)} + ${(total.execute / rounds).toFixed(3)}  x${(total.count / waves).toFixed(1)}/wave | ${text}`,
    );
  }
  console.log(`  total ${(sum / rounds).toFixed(3)} ms per round in statements`);
}

interface PerfRun {
  children: { what: string; child: ChildProcess; output: string }[];
}

async function startPerf(app: FastifyInstance): Promise<PerfRun> {
  const mode = process.env.PERF;
  if (!mode) return { children: [] };
  const backends = (await app.db.execute(
    sql`SELECT pid FROM pg_stat_activity WHERE application_name = 'kismat' AND datname = current_database()`,
  )) as unknown as { rows: { pid: number }[] };
  const pids = backends.rows.map((row) => row.pid).join(',');
  const targets = [
    { what: 'postgres backends', pids },
    { what: 'server process', pids: String(process.pid) },
  ];
  const children = targets.map(({ what, pids: list }) => {
    const args =
      mode === 'record'
        ? ['record', '-g', '-o', `/tmp/vendor-profile-${what.replace(/ /g, '-')}.data`, '-p', list]
        : ['stat', '-x', ',', '-e', 'instructions:u,task-clock', '-p', list];
    const child = spawn('perf', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const run = { what, child, output: '' };
    child.stderr?.on('data', (chunk: Buffer) => {
      run.output += chunk.toString();
    });
    return run;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { children };
}

async function stopPerf(run: PerfRun): Promise<{ what: string; instructions: number; taskMs: number }[]> {
  const lines: { what: string; instructions: number; taskMs: number }[] = [];
  for (const entry of run.children) {
    const exited = new Promise((resolve) => entry.child.on('exit', resolve));
    entry.child.kill('SIGINT');
    await exited;
    if (process.env.PERF === 'record') continue;
    const field = (event: string) =>
      Number(
        entry.output
          .split('\n')
          .find((line) => line.includes(`,${event},`))
          ?.split(',')[0] ?? Number.NaN,
      );
    lines.push({ what: entry.what, instructions: field('instructions:u'), taskMs: field('task-clock') });
  }
  return lines;
}

await runOnBenchApp(databaseUrl, async (app) => {
  const bench = await prepareVendorBench(app, VENDOR);
  const sessions: Session[] = [];
  for (let index = 0; index < players; index += 1) sessions.push(await authenticateVendorPlayer(app, bench, VENDOR, index));
  const batches = { count: 0, calls: 0, replayed: 0 };
  const stopObserving = app.vendorBatcher.observe((report) => {
    batches.count += 1;
    batches.calls += report.size;
    if (report.outcome === 'replayed') batches.replayed += 1;
  });
  // Warm-up: plans, caches, the pool's connections.
  for (let index = 0; index < 5; index += 1) await wave(app, bench, sessions);
  batches.count = 0;
  batches.calls = 0;

  // Instructions retired by the app's Postgres backends and by this process: what the code costs,
  // whatever else the shared machine runs (perf stat; PERF=record samples call graphs instead).
  const perf = await startPerf(app);
  const statements = countPgStatements();
  const cpuBefore = process.cpuUsage();
  const backendBefore = await backendCpuSeconds(app.db);
  const started = performance.now();
  for (let index = 0; index < waves; index += 1) await wave(app, bench, sessions);
  const elapsed = performance.now() - started;
  const backendMs = ((await backendCpuSeconds(app.db)) - backendBefore) * 1000;
  const cpu = process.cpuUsage(cpuBefore);
  statements.stop();
  const counted = await stopPerf(perf);
  const rounds = waves * players;
  console.log(
    [
      `vendor-wallet profile: ${rounds} bet+win rounds (${waves} waves of ${players} players; each wave a batch of bets, then one of wins) in ${(elapsed / 1000).toFixed(1)} s`,
      `  Postgres backends CPU per round ${(backendMs / rounds).toFixed(3)} ms; server process (inject, no HTTP) ${((cpu.user + cpu.system) / 1000 / rounds).toFixed(3)} ms`,
      ...counted.map(
        (line) =>
          `  ${line.what}: ${(line.instructions / rounds / 1e6).toFixed(2)} M instructions per round, ${(line.taskMs / rounds).toFixed(3)} ms task-clock per round`,
      ),
      `  SQL statements per round ${(statements.count() / rounds).toFixed(2)}; batches ${batches.count}, ${(batches.calls / Math.max(1, batches.count)).toFixed(1)} calls each, ${batches.replayed} replayed`,
    ].join('\n'),
  );

  const statsWaves = Number(process.env.STATS ?? 0);
  if (statsWaves > 0) await statementStats(app, bench, sessions, statsWaves);

  const explainWaves = Number(process.env.EXPLAIN ?? 0);
  if (explainWaves > 0) {
    // Each statement's medians over the explained waves (the machine is shared: one sample is noise).
    const log: ExplainedStatement[] = [];
    const stop = explainStatements(log, { textLength: 140, fullFor: process.env.EXPLAIN_FULL, stopOnFailure: false });
    try {
      for (let index = 0; index < explainWaves; index += 1) await wave(app, bench, sessions);
    } finally {
      stop();
    }
    const median = (values: number[]) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? 0;
    const byText = new Map<string, ExplainedStatement[]>();
    for (const entry of log) byText.set(entry.text, [...(byText.get(entry.text) ?? []), entry]);
    let planTotal = 0;
    let execTotal = 0;
    for (const [text, entries] of byText) {
      const planning = median(entries.map((entry) => entry.planningMs));
      const execution = median(entries.map((entry) => entry.executionMs));
      planTotal += (planning * entries.length) / explainWaves;
      execTotal += (execution * entries.length) / explainWaves;
      const names = [...new Set(entries.flatMap((entry) => entry.triggers.map((trigger) => trigger.name)))];
      const triggers = names
        .map((name) => {
          const found = entries.flatMap((entry) => entry.triggers.filter((trigger) => trigger.name === name));
          return `${name} ${median(found.map((trigger) => trigger.ms)).toFixed(3)} ms/${median(found.map((trigger) => trigger.calls))}`;
        })
        .join(', ');
      const jit = entries.find((entry) => entry.jit)?.jit;
      console.log(
        `  x${(entries.length / explainWaves).toFixed(1)}/wave  plan ${planning.toFixed(3)} ms  exec ${execution.toFixed(3)} ms  ${jit ? `JIT ${JSON.stringify(jit)} ` : ''}${triggers ? `[${triggers}] ` : ''}| ${text}`,
      );
    }
    console.log(`  per wave (${players} rounds): planning ${planTotal.toFixed(3)} ms, execution ${execTotal.toFixed(3)} ms (medians)`);
  }
  stopObserving();
  const report = await verifyLedger(app.db);
  console.log(`  ledger verify: ${report.ok ? 'OK' : 'BREACH'}`);
});

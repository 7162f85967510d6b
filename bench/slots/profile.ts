/**
 * Where a paid spin's time goes, load-independently (issue 16 item 1): funded players logged in,
 * then waves of spins through the real route (in-process inject: every player of a wave spins
 * once, together). Prints, for first spins (each player's first: seed pair, play accounts) and
 * for steady-state spins apart: SQL statements per spin, the app's Postgres backends' CPU per
 * spin (/proc), and the server process's CPU per spin (no HTTP socket: inject). Then the
 * statements of one steady-state spin; with `EXPLAIN=1` each explained (EXPLAIN (ANALYZE,
 * BUFFERS, SUMMARY) inside a savepoint rolled back, then sent): planning and execution time.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/slots/profile.ts [players=16] [waves=50]
 *
 * `CPU_PROFILE=file` writes the server's CPU profile of the steady window (read it with
 * bench/support/cpu-profile-top.ts). Not a test; the bench of record is run.ts (real HTTP from a
 * separate load process).
 */
import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { formatAmount } from '@kismat/contracts/wallet';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { backendCpuSeconds } from '../support/backend-cpu';
import { loginFundedPlayers, requireDatabaseUrl, runOnBenchApp } from '../support/bench-app';
import { startCpuProfile } from '../support/cpu-profile';
import { type ExplainedStatement, explainStatements } from '../support/explain-statements';
import { countPgStatements } from '../support/statement-counter';

const [players = 16, waves = 50] = process.argv.slice(2).map(Number);
const databaseUrl = requireDatabaseUrl('slots profile');
const bets = SLOT_TITLES.map((title) => ({ titleId: title.id, betLevel: formatAmount(title.betLevelsMinor[0] ?? 100n) }));

let spinCount = 0;
async function spinOnce(app: FastifyInstance, host: string, token: string): Promise<void> {
  spinCount += 1;
  const response = await app.inject({
    method: 'POST',
    url: HOUSE_GAME_PATHS.spin,
    headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ ...bets[spinCount % bets.length], idempotencyKey: randomUUID() }),
    remoteAddress: '198.51.100.7',
  });
  const body = response.json() as { code?: string };
  if (response.statusCode !== 200 || body.code !== 'OK') throw new Error(`spin: ${response.statusCode} ${response.body}`);
}

/** Statements, backend CPU and server CPU per spin for `rounds` waves of every player spinning once. */
async function measure(app: FastifyInstance, host: string, tokens: string[], rounds: number) {
  const statements = countPgStatements();
  const cpuBefore = process.cpuUsage();
  const backendBefore = await backendCpuSeconds(app.db);
  const started = performance.now();
  for (let index = 0; index < rounds; index += 1) await Promise.all(tokens.map((token) => spinOnce(app, host, token)));
  const elapsed = performance.now() - started;
  const backendMs = ((await backendCpuSeconds(app.db)) - backendBefore) * 1000;
  const cpu = process.cpuUsage(cpuBefore);
  statements.stop();
  const spins = rounds * tokens.length;
  return [
    `${spins} spins in ${(elapsed / 1000).toFixed(1)} s`,
    `SQL statements per spin ${(statements.count() / spins).toFixed(2)}`,
    `Postgres backends CPU per spin ${(backendMs / spins).toFixed(3)} ms`,
    `server process CPU per spin (inject, no HTTP) ${((cpu.user + cpu.system) / 1000 / spins).toFixed(3)} ms`,
  ].join('; ');
}

/** The statements one call sends, with each one's time from send to answer. */
async function traced(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function tracedQuery(this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '');
    const name = typeof config === 'string' ? undefined : (config as { name?: string })?.name;
    const started = performance.now();
    const result = (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
    const line = `${name ? `[${name}] ` : ''}${text.replace(/\s+/g, ' ').slice(0, 110)}`;
    if (result instanceof Promise) {
      void result.then(
        () => lines.push(`  ${(performance.now() - started).toFixed(2)} ms  ${line}`),
        () => lines.push(`  failed  ${line}`),
      );
    } else lines.push(`  (callback)  ${line}`);
    return result;
  } as typeof clientQuery;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = clientQuery;
  }
  return lines;
}

await runOnBenchApp(databaseUrl, async (app) => {
  const { host, tokens } = await loginFundedPlayers(app, players);
  const [firstToken, ...others] = tokens;
  console.log(`slots profile, ${players} players, ${waves} waves (load average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`);
  // One first spin traced alone, then every other player's first spin measured together.
  const firstSpin = await traced(() => spinOnce(app, host, firstToken!));
  console.log(`  first spins: ${await measure(app, host, others, 1)}`);
  // Warm-up: plans, caches, the pool's connections.
  await measure(app, host, tokens, 3);
  const steady = await traced(() => spinOnce(app, host, firstToken!));
  const profiler = await startCpuProfile();
  console.log(`  steady state: ${await measure(app, host, tokens, waves)}`);
  await profiler.stop();
  console.log(`  a first spin's statements (${firstSpin.length}):\n${firstSpin.join('\n')}`);
  console.log(`  a steady-state spin's statements (${steady.length}):\n${steady.join('\n')}`);
  if (process.env.EXPLAIN === '1') {
    const log: ExplainedStatement[] = [];
    const stop = explainStatements(log);
    try {
      for (let index = 0; index < 3; index += 1) await spinOnce(app, host, firstToken!);
    } finally {
      stop();
    }
    for (const entry of log) {
      const triggers = entry.triggers.map((trigger) => `${trigger.name} ${trigger.ms.toFixed(3)} ms/${trigger.calls}`).join(', ');
      console.log(
        `  plan ${entry.planningMs.toFixed(3)} ms  exec ${entry.executionMs.toFixed(3)} ms  ${triggers ? `[${triggers}] ` : ''}| ${entry.name ? `[${entry.name}] ` : ''}${entry.text}`,
      );
    }
  }
  // The named statements on one pool connection: how often each was planned generic or custom.
  const prepared = (await app.db.execute(
    sql`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name LIKE 'slot%' OR name LIKE 'session%' ORDER BY name`,
  )) as unknown as { rows: { name: string; generic_plans: string; custom_plans: string }[] };
  for (const row of prepared.rows)
    console.log(`  prepared ${row.name}: ${row.generic_plans} generic plans, ${row.custom_plans} custom plans (one connection)`);
  const report = await verifyLedger(app.db);
  console.log(`  ledger verify: ${report.ok ? 'OK' : `BREACH ${JSON.stringify(report)}`}`);
});

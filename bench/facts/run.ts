/**
 * Facts (issue 15, docs/ARCHITECTURE.md "Facts"): what recording a fact adds to a slot spin, and
 * whether the fact consumer keeps up with the spins at full speed (lag target under 2 s).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/facts/run.ts [seconds=10] [workers=16] [players=200]
 *
 * Not a test. Same load as bench/slots/run.ts (real HTTP spin route, each worker its own
 * players), in three phases on one fresh database:
 *  1. spins with the consumer off: per spin, node CPU (app + client, this process), the app's
 *     Postgres backends' CPU (/proc) and SQL statements sent; the cost of recording the fact;
 *  2. spins with the app's own consumer (app.factConsumer, the engines listed in
 *     modules/index.ts) running its loop as main.ts runs it, and a watcher on its own connection
 *     timing each fact from visible (committed) to applied: the lag (target under 2 s);
 *  3. capacity: N synthetic facts (FACTS_CAPACITY, default 50,000) queued at once and drained
 *     by one consumer with a bench engine doing one set-based upsert per batch.
 *
 * The script also runs on a checkout from before facts (`git archive <commit> | tar -x`, with
 * node_modules linked): there is no fact_queue nor consumer, phases 2 and 3 read "n/a", and
 * phase 1 gives the figures without recording.
 */

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { formatAmount } from '@kismat/contracts/wallet';
import { SLOT_TITLES } from '@kismat/game-math/slots/slot-titles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { HttpClient } from '../../apps/server/src/test/crash-harness';
import { backendCpuSeconds } from '../support/backend-cpu';
import { drainConsumer, loginFundedPlayers, readBenchArguments, runOnBenchApp } from '../support/bench-app';
import { percentile } from '../support/pgbench';
import { describeFailures, spinSlotsFor } from '../support/slot-spins';

const TOO_FEW = 'give at least as many players as workers (each worker spins its own players).';
const { seconds, workers, count: players, databaseUrl } = readBenchArguments('facts', { seconds: 10, workers: 16, count: 200 }, TOO_FEW);
const CAPACITY_FACTS = Number(process.env.FACTS_CAPACITY ?? 50_000);

/**
 * Watches the queue on its own connection (not counted as the app's statements): every 50 ms the
 * pending fact ids. A fact's lag is from the first sample that saw it (committed, visible to a
 * consumer) to the first that no longer does (applied and deleted): within 50 ms of the truth.
 * The fact's occurred_at is no base for this: it is the spin's clock at its start, before its
 * own (under load, long) transaction.
 */
class QueueWatcher {
  private readonly firstSeen = new Map<number, number>();
  readonly lags: number[] = [];
  readonly depths: number[] = [];
  private isRunning = true;
  private readonly loop: Promise<void>;

  constructor(private readonly client: pg.Client) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    while (this.isRunning) {
      const result = await this.client.query<{ id: string }>('SELECT id FROM fact_queue');
      const now = performance.now();
      const seen = new Set(result.rows.map((row) => Number(row.id)));
      this.depths.push(seen.size);
      for (const id of seen) if (!this.firstSeen.has(id)) this.firstSeen.set(id, now);
      for (const [id, first] of this.firstSeen) {
        if (seen.has(id)) continue;
        this.lags.push(now - first);
        this.firstSeen.delete(id);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  get pending(): number {
    return this.firstSeen.size;
  }

  async stop(): Promise<void> {
    this.isRunning = false;
    await this.loop;
  }
}

/** Spins for `seconds` over HTTP, each worker its own players; latencies and a summary line. */
async function spinFor(client: HttpClient, tokens: readonly string[], seconds: number) {
  const run = await spinSlotsFor(client, tokens, workers, seconds);
  const { latencies } = run;
  return {
    latencies,
    line: `${latencies.length} spins, ${(latencies.length / seconds).toFixed(1)}/s, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms (${describeFailures(run)})`,
  };
}

type FactsFace = typeof import('../../apps/server/src/modules/facts/index');

/** The facts module, or null on a checkout from before it. */
async function loadFacts(): Promise<FactsFace | null> {
  try {
    return await import('../../apps/server/src/modules/facts/index');
  } catch {
    return null;
  }
}

await runOnBenchApp(databaseUrl, async (app: FastifyInstance, address) => {
  const facts = await loadFacts();
  const consumer = (app as FastifyInstance & { factConsumer?: { start(): () => void } }).factConsumer;
  const { merchant, host, tokens } = await loginFundedPlayers(app, players);
  const client = new HttpClient(address, { host, maxSockets: workers * 2 });
  const lines = [`facts: ${workers} workers, ${players} players over HTTP, ${seconds} s per phase`];

  // Warm-up, not measured: each player's first spin also creates their fairness seeds.
  await Promise.all(
    Array.from({ length: workers }, async (_unused, worker) => {
      for (const token of tokens.filter((_token, index) => index % workers === worker)) {
        await client.request({
          method: 'POST',
          path: HOUSE_GAME_PATHS.spin,
          token,
          body: {
            titleId: SLOT_TITLES[0]?.id,
            betLevel: formatAmount(SLOT_TITLES[0]?.betLevelsMinor[0] ?? 100n),
            idempotencyKey: randomUUID(),
          },
        });
      }
    }),
  );
  if (facts) await facts.createFactConsumer({ db: app.db, engines: [] }).processBatch();

  // 1. The spin's cost: the consumer is off, so every statement and CPU tick is the spin's own
  // (with a checkout from before facts, the same figures without recording).
  // Every statement of the app's pool, counted and timed (send to answer); the fact INSERT apart.
  let statements = 0;
  let statementMs = 0;
  let factInserts = 0;
  let factInsertMs = 0;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const isFact = /^insert into "fact_queue"/i.test(text);
    if (isFact) factInserts += 1;
    const started = performance.now();
    const result = (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => {
          const elapsed = performance.now() - started;
          statementMs += elapsed;
          if (isFact) factInsertMs += elapsed;
        },
        () => undefined,
      );
    }
    return result;
  } as typeof clientQuery;
  const cpuBefore = process.cpuUsage();
  const backendBefore = await backendCpuSeconds(app.db);
  const costly = await spinFor(client, tokens, seconds);
  const cpu = process.cpuUsage(cpuBefore);
  const backendSeconds = (await backendCpuSeconds(app.db)) - backendBefore;
  pg.Client.prototype.query = clientQuery;
  const spins = Math.max(1, costly.latencies.length);
  lines.push(
    `  1. spins, consumer off: ${costly.line}`,
    `     per spin: node CPU ${((cpu.user + cpu.system) / 1000 / spins).toFixed(2)} ms (app + client), postgres backends ${((backendSeconds * 1000) / spins).toFixed(2)} ms, SQL statements ${(statements / spins).toFixed(2)}`,
    `     statement time per spin ${(statementMs / spins).toFixed(2)} ms; fact INSERTs ${(factInserts / spins).toFixed(2)} per spin, ${(factInsertMs / spins).toFixed(2)} ms (${statementMs > 0 ? ((100 * factInsertMs) / statementMs).toFixed(1) : '0.0'}% of the statement time)`,
  );

  if (!facts || !consumer) {
    lines.push('  2-3. n/a (no modules/facts in this checkout)');
  } else {
    // What phase 1 queued is applied first, so phase 2 starts from an empty queue.
    const queued = (await app.db.execute(sql`SELECT count(*)::int AS n FROM fact_queue`)) as unknown as { rows: { n: number }[] };
    const drainStarted = performance.now();
    const catchUp = facts.createFactConsumer({ db: app.db, engines: [] });
    while ((await catchUp.processBatch()) > 0);
    lines.push(
      `     facts queued by phase 1: ${queued.rows[0]?.n ?? 0} (one per spin), drained in ${(performance.now() - drainStarted).toFixed(0)} ms with no engine`,
    );

    // 2. Lag at full speed: the app's consumer (the engines listed in modules/index.ts) runs its
    // loop as main.ts runs it, while the workers spin; a watcher on its own connection times each fact.
    const [{ name } = { name: '' }] = (
      (await app.db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] }
    ).rows;
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const watcherClient = new pg.Client({ connectionString: url.toString() });
    await watcherClient.connect();
    const watcher = new QueueWatcher(watcherClient);
    const stopConsumer = consumer.start();
    const lagged = await spinFor(client, tokens, seconds);
    const spinsEnded = performance.now();
    let tailMs: number | null = null;
    for (let waited = 0; waited < 600 && tailMs === null; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (watcher.pending === 0) tailMs = performance.now() - spinsEnded;
    }
    await watcher.stop();
    stopConsumer();
    await watcherClient.end();
    const lags = [...watcher.lags].sort((left, right) => left - right);
    const depths = [...watcher.depths].sort((left, right) => left - right);
    lines.push(
      `  2. spins, app consumer on: ${lagged.line}`,
      `     lag (committed -> applied, +-50 ms) of ${lags.length} facts: p50 ${percentile(lags, 0.5).toFixed(0)} ms, p99 ${percentile(lags, 0.99).toFixed(0)} ms, max ${(lags.at(-1) ?? 0).toFixed(0)} ms; queue depth p50 ${percentile(depths, 0.5)}, max ${depths.at(-1) ?? 0}; empty ${tailMs === null ? 'NOT within 30 s' : `${tailMs.toFixed(0)} ms`} after the last spin`,
    );

    // 3. Capacity: N facts queued at once, drained by one consumer with the bench engine.
    await app.db.execute(
      sql`CREATE TABLE IF NOT EXISTS bench_fact_totals (member_id bigint PRIMARY KEY, amount bigint NOT NULL, facts int NOT NULL)`,
    );
    const memberIds = (
      (await app.db.execute(sql`SELECT id FROM members WHERE merchant_id = ${merchant.id} ORDER BY id`)) as unknown as {
        rows: { id: unknown }[];
      }
    ).rows.map((row) => Number(row.id));
    await app.db.execute(sql`
      INSERT INTO fact_queue (merchant_id, member_id, kind, source_id, game_type, amount, payout, occurred_at)
      SELECT ${merchant.id}, (${JSON.stringify(memberIds)}::jsonb ->> (n % ${memberIds.length}))::bigint, 'ROUND', 900000000 + n, 'BGS', 100, 50, clock_timestamp()
        FROM generate_series(1, ${CAPACITY_FACTS}) AS n`);
    const benchEngine = {
      name: 'bench-totals',
      async apply(tx: Parameters<FactsFace['recordRoundFact']>[0], batch: readonly { memberId: number; amount: bigint }[]) {
        const sums = new Map<number, { amount: bigint; facts: number }>();
        for (const fact of batch) {
          const sum = sums.get(fact.memberId) ?? { amount: 0n, facts: 0 };
          sum.amount += fact.amount;
          sum.facts += 1;
          sums.set(fact.memberId, sum);
        }
        const rows = [...sums].map(([memberId, sum]) => ({ member_id: memberId, amount: sum.amount.toString(), facts: sum.facts }));
        await tx.execute(sql`
          INSERT INTO bench_fact_totals (member_id, amount, facts)
          SELECT member_id, amount, facts FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(member_id bigint, amount bigint, facts int)
           ORDER BY member_id
          ON CONFLICT (member_id) DO UPDATE SET amount = bench_fact_totals.amount + excluded.amount, facts = bench_fact_totals.facts + excluded.facts`);
      },
    };
    const capacity = facts.createFactConsumer({ db: app.db, engines: [benchEngine], batchSize: 500 });
    const { applied, seconds: elapsed } = await drainConsumer(capacity);
    lines.push(
      `  3. consumer capacity: ${applied} facts in ${elapsed.toFixed(2)} s = ${(applied / elapsed).toFixed(0)} facts/s (batch 500, one set-based engine upsert per batch)`,
    );
  }
  client.close();
  const report = await verifyLedger(app.db);
  lines.push(`  ledger verify: ${report.ok ? 'OK' : `BREACH ${JSON.stringify(report)}`} (${report.checkedTransfers} transfers)`);
  console.log(lines.join('\n'));
  if (!report.ok) process.exitCode = 1;
});

/**
 * Promotions (issue 14): what turnover accounting adds to a slot spin and to a vendor round.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/promotions/run.ts [seconds=5] [workers=4] [players=16]
 *
 * Not a test. Turnover adds two things to a bet: on the bet path, one indexed read of the
 * member's smallest active max bet (slot spin route, lottery slip, vendor bet), and off it, the
 * turnover engine's work on the round's fact in the fact consumer's batch. One run, one fresh
 * database, every player holding an ACTIVE requirement with a max bet (the worst case: the read
 * finds rows, the engine updates one):
 *  1. slot spins through the spin route (workers in parallel, each its own players): mean ms;
 *  2. vendor rounds (signed bet + win through the vendor API): mean ms;
 *  3. the max-bet read alone, as many times: mean ms (the bet path's whole addition);
 *  4. the spins' facts drained twice over: a consumer with no engine (the facts' own cost) and
 *     one with only the turnover engine, on equal batches: the engine's ms per fact.
 * "before" = spin (or round) minus the read; "after" adds the engine's share; added % printed.
 */

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import { VENDOR_API_PATHS } from '@kismat/contracts/vendor-wallet';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createFactConsumer } from '../../apps/server/src/modules/facts/index';
import { addTurnoverRequirement, createTurnoverEngine, findPromotionMaxBet } from '../../apps/server/src/modules/promotions/index';
import { verifyLedger } from '../../apps/server/src/modules/wallet/verify-ledger';
import { createMember, createMerchant, TestClient, uniqueIp } from '../../apps/server/src/test/factories';
import { fundMember } from '../../apps/server/src/test/house-games-test-kit';
import { openVendorSession, vendorCall } from '../../apps/server/src/test/vendor-test-kit';
import { readBenchArguments, runOnBenchApp } from '../support/bench-app';

const {
  seconds,
  workers,
  count: players,
  databaseUrl,
} = readBenchArguments('promotions', { seconds: 5, workers: 4, count: 16 }, 'give at least as many players as workers.');

let requirementSource = 700_000_000;
async function giveRequirement(app: FastifyInstance, merchantId: number, memberId: number): Promise<void> {
  requirementSource += 1;
  const sourceId = requirementSource;
  await app.db.transaction((tx) =>
    addTurnoverRequirement(tx, {
      merchantId,
      memberId,
      source: 'DEPOSIT',
      sourceId,
      awardId: null,
      promotionId: null,
      amountBasis: 1_000_000_000n,
      required: 1_000_000_000n,
      maxBet: 100_000n,
      contributions: { RNG: 100, '*': 50 },
      expiresAt: null,
      now: new Date(),
    }),
  );
}

/** Runs `step` for each worker's players in turn until `seconds` pass; answers the per-call durations (ms). */
async function loop(perWorker: (worker: number, index: number) => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_unused, worker) => {
      for (let index = 0; performance.now() < end; index += 1) {
        const started = performance.now();
        await perWorker(worker, index);
        durations.push(performance.now() - started);
      }
    }),
  );
  return durations;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const queued = async (app: FastifyInstance) =>
  Number(((await app.db.execute(sql`SELECT count(*)::int AS n FROM fact_queue`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);

await runOnBenchApp(databaseUrl, async (app) => {
  const site = await createMerchant(app.db);
  const client = new TestClient(app, site.host, 'EN');
  const spinners: { id: number; token: string }[] = [];
  for (let index = 0; index < players; index += 1) {
    const { member, password } = await createMember(app.db, site.merchant.id);
    await fundMember(app.db, site.merchant, member.id, 100_000_000n);
    await giveRequirement(app, site.merchant.id, member.id);
    spinners.push({ id: member.id, token: await client.login(member.username, password ?? '', { ip: uniqueIp() }) });
  }
  const playerOf = (worker: number, index: number) => spinners[(worker + index * workers) % spinners.length] ?? spinners[0];

  // 1. Slot spins (each worker its own players; a player's spins queue on its seed row by design).
  const spins = await loop(async (worker, index) => {
    const player = playerOf(worker, index);
    const answer = await client.call('POST', HOUSE_GAME_PATHS.spin, {
      token: player?.token,
      body: { titleId: 'bengal-tiger', betLevel: '1.00', idempotencyKey: randomUUID() },
    });
    if (answer.statusCode !== 200) throw new Error(`spin failed: ${answer.body}`);
  });

  // 2. Vendor rounds: bet + win, signed, against VENDOR_CLEARING:PT.
  const sessions: Awaited<ReturnType<typeof openVendorSession>>['session'][] = [];
  for (let index = 0; index < workers; index += 1) {
    const opened = await openVendorSession(app, 'PT', 100_000_000n);
    await giveRequirement(app, opened.merchant.id, opened.member.id);
    sessions.push(opened.session);
  }
  const rounds = await loop(async (worker) => {
    const session = sessions[worker];
    const roundId = randomUUID();
    const bet = { ...session, transactionUuid: randomUUID(), roundId, amount: '1.00' };
    const placed = await vendorCall(app, 'PT', VENDOR_API_PATHS.bet, bet);
    const won = await vendorCall(app, 'PT', VENDOR_API_PATHS.win, {
      ...session,
      transactionUuid: randomUUID(),
      roundId,
      amount: '0.50',
      referenceTransactionUuid: bet.transactionUuid,
    });
    if (placed.status !== 'RS_OK' || won.status !== 'RS_OK') throw new Error(`round failed: ${placed.status} ${won.status}`);
  });

  // 3. The bet path's addition alone.
  const reads = await loop(async (worker, index) => {
    const player = playerOf(worker, index);
    if ((await findPromotionMaxBet(app.db, player?.id ?? 0)) === null) throw new Error('no max bet found');
  });

  // 4. The engine's work per fact: half the queue through a consumer with no engine, half through one with the turnover engine.
  const factCount = await queued(app);
  const half = Math.floor(factCount / 2);
  const drain = async (engines: ReturnType<typeof createTurnoverEngine>[], facts: number) => {
    const consumer = createFactConsumer({ db: app.db, engines, batchSize: 25 });
    const started = performance.now();
    let applied = 0;
    while (applied < facts) {
      const batch = await consumer.processBatch();
      if (batch === 0) break;
      applied += batch;
    }
    return { ms: performance.now() - started, applied };
  };
  const bare = await drain([], half);
  const withEngine = await drain([createTurnoverEngine()], factCount - bare.applied);
  const enginePerFact = Math.max(0, withEngine.ms / Math.max(1, withEngine.applied) - bare.ms / Math.max(1, bare.applied));

  const spin = mean(spins);
  const round = mean(rounds);
  const read = mean(reads);
  const report = (label: string, after: number) => {
    const before = after - read;
    const added = read + enginePerFact;
    console.log(
      `${label.padEnd(13)} before ${before.toFixed(3)} ms  after ${(before + added).toFixed(3)} ms  added ${((added / before) * 100).toFixed(1)}%  (read ${read.toFixed(3)} ms + engine ${enginePerFact.toFixed(3)} ms/fact)`,
    );
  };
  console.log(
    `promotions bench: ${seconds}s per phase, ${workers} workers, ${players} players; ${spins.length} spins, ${rounds.length} vendor rounds, ${reads.length} reads`,
  );
  console.log(
    `facts drained: ${bare.applied} with no engine (${bare.ms.toFixed(0)} ms), ${withEngine.applied} with the turnover engine (${withEngine.ms.toFixed(0)} ms)`,
  );
  report('slot spin', spin);
  report('vendor round', round);
  const verdict = await verifyLedger(app.db);
  console.log(`ledger: ${verdict.ok ? 'verified' : JSON.stringify(verdict)}`);
  if (!verdict.ok) process.exitCode = 1;
});

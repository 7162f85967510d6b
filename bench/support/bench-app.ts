import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { ensureMemberAccounts, postTransfer } from '../../apps/server/src/modules/wallet/index';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createMember, createMerchant, TestClient, uniqueIp } from '../../apps/server/src/test/factories';
import { fundMember } from '../../apps/server/src/test/house-games-test-kit';
import { createTestDatabase } from '../../apps/server/src/test/test-database';

/** A load bench's run: how long, how many concurrent workers, and how many players (or pairs) they share. */
export interface BenchArguments {
  seconds: number;
  workers: number;
  count: number;
  databaseUrl: string;
}

/**
 * `[seconds] [workers] [count]` from the command line (defaults where not given) and DATABASE_URL;
 * exits 2 with the reason when there is no database or fewer players than workers (each worker
 * owns its own, so none queues on another's rows).
 */
export function readBenchArguments(bench: string, defaults: Omit<BenchArguments, 'databaseUrl'>, tooFewMessage: string): BenchArguments {
  const [seconds = defaults.seconds, workers = defaults.workers, count = defaults.count] = process.argv.slice(2).map(Number);
  const databaseUrl = requireDatabaseUrl(bench);
  if (count < workers) {
    console.error(`${bench} bench: ${tooFewMessage}`);
    process.exit(2);
  }
  return { seconds, workers, count, databaseUrl };
}

/**
 * Runs `measure` against the real app listening on a local port, on a fresh seeded database of
 * the server at `databaseUrl`; closes both after, whatever happens. `beforeListen` may add routes.
 */
export async function runOnBenchApp(
  databaseUrl: string,
  measure: (app: FastifyInstance, address: string) => Promise<void>,
  beforeListen?: (app: FastifyInstance) => Promise<void>,
): Promise<void> {
  const database = await createTestDatabase();
  await seedDatabase(database.db, { demo: false });
  const app = await buildApp({ config: testConfig({ DATABASE_URL: databaseUrl }), database, serveWeb: false, logger: false });
  await beforeListen?.(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    await measure(app, address);
  } finally {
    await app.close();
    await database.close();
  }
}

/**
 * Funds a bench member's cash wallet with 1,000,000.00 from the merchant's adjustment account: one
 * balanced, keyed posting (a rerun on the same database applies it once); answers the cash account.
 */
export async function fundBenchMember(
  db: Parameters<typeof postTransfer>[0],
  merchant: { id: number; currency: string },
  sourceAccountId: number,
  memberId: number,
): Promise<{ id: number }> {
  const { cash } = await ensureMemberAccounts(db, { merchantId: merchant.id, memberId, currency: merchant.currency });
  await postTransfer(db, {
    merchantId: merchant.id,
    idempotencyKey: `bench-fund:${memberId}`,
    type: 'adjustment',
    entries: [
      { accountId: sourceAccountId, amount: -100_000_000n },
      { accountId: cash.id, amount: 100_000_000n },
    ],
  });
  return cash;
}

/** DATABASE_URL, or exit 2 naming the bench (the scratch-database benches). */
export function requireDatabaseUrl(bench: string): string {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(`${bench} bench: set DATABASE_URL to a Postgres server.`);
    process.exit(2);
  }
  return databaseUrl;
}

/**
 * `players` real members of a new merchant, each funded with 1,000,000.00 and logged in through
 * the real login call (in-process; only the measured calls go over sockets): their tokens.
 */
export async function loginFundedPlayers(
  app: FastifyInstance,
  players: number,
): Promise<{ merchant: Awaited<ReturnType<typeof createMerchant>>['merchant']; host: string; tokens: string[] }> {
  const { merchant, host } = await createMerchant(app.db);
  const setup = new TestClient(app, host);
  const tokens: string[] = [];
  for (let index = 0; index < players; index += 1) {
    const { member, password } = await createMember(app.db, merchant.id);
    await fundMember(app.db, merchant, member.id, 100_000_000n);
    tokens.push(await setup.login(member.username, password ?? '', { ip: uniqueIp() }));
  }
  return { merchant, host, tokens };
}

/** Runs a fact consumer's batches until the queue is empty (at most 10,000 batches): facts applied and seconds taken. */
export async function drainConsumer(consumer: { processBatch(): Promise<number> }): Promise<{ applied: number; seconds: number }> {
  const started = performance.now();
  let applied = 0;
  for (let batch = 0; batch < 10_000; batch++) {
    const count = await consumer.processBatch();
    applied += count;
    if (count === 0) break;
  }
  return { applied, seconds: (performance.now() - started) / 1000 };
}

import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { games } from '../db/schema/catalogue';
import { factQueue } from '../db/schema/facts';
import { gameRounds } from '../db/schema/games';
import { recordRoundFact } from '../modules/facts/index';
import type { Db } from '../platform/db';
import type { Merchant } from '../platform/merchant';
import { rowsOf } from '../platform/sql-values';
import { uniqueSuffix } from './factories';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Applies every queued fact with the app's consumer (tests never auto-poll: the loop starts only
 * in main.ts), so a test reads the engines' effects deterministically. Returns how many facts.
 */
export async function drainFacts(app: FastifyInstance, maxBatches = 1_000): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const applied = await app.factConsumer.processBatch();
    total += applied;
    if (applied === 0) return total;
  }
  throw new Error(`drainFacts: still facts queued after ${maxBatches} batches`);
}

/**
 * A consumer process (`script`, under src/test/, run with tsx) on the test's own database, given
 * as `urlVariable` in its environment with `env`: once it prints MID-BATCH (its engines' writes
 * done, its transaction open) it is SIGKILLed. Answers what it printed. A second process needs a
 * server database: PGlite runs in this process only.
 */
export async function killConsumerMidBatch(
  app: FastifyInstance,
  script: string,
  urlVariable: string,
  env: Record<string, string> = {},
): Promise<string> {
  const [{ name } = { name: '' }] = rowsOf<{ name: string }>(await app.db.execute(sql`SELECT current_database() AS name`));
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: SERVER_ROOT,
    env: { ...process.env, ...env, [urlVariable]: url.toString() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('MID-BATCH')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}) before its batch: ${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  return output;
}

/**
 * How many queued facts no transaction holds: after a killed consumer, Postgres notices the dead
 * connection and rolls its transaction back; poll this until the claimed facts are free again.
 */
export async function unlockedFactCount(app: FastifyInstance): Promise<number> {
  return (await app.db.transaction(async (tx) => tx.select().from(factQueue).for('update', { skipLocked: true }))).length;
}

/**
 * A CLOSED round of `memberId` settled at `at` (opened 30 s before) on the first seeded game, and
 * its ROUND fact, in one transaction: what the rollup engines consume, without a game's route.
 */
export async function settleRoundWithFact(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency'>,
  memberId: number,
  input: { bet: bigint; at: Date; payout?: bigint; gameType?: string },
): Promise<void> {
  const [game] = await db.select({ id: games.id, vendorId: games.vendorId }).from(games).limit(1);
  if (!game) throw new Error('no seeded game');
  const gameType = input.gameType ?? 'SLOT';
  const payout = input.payout ?? 0n;
  await db.transaction(async (tx) => {
    const [round] = await tx
      .insert(gameRounds)
      .values({
        merchantId: merchant.id,
        memberId,
        vendorId: game.vendorId,
        gameId: game.id,
        gameType,
        vendorRoundId: `fact-${uniqueSuffix(12)}`,
        currency: merchant.currency,
        status: 'CLOSED',
        betTotal: input.bet,
        payoutTotal: payout,
        betCount: 1,
        openedAt: new Date(input.at.getTime() - 30_000),
        closedAt: input.at,
        settledAt: input.at,
      })
      .returning({ id: gameRounds.id });
    await recordRoundFact(tx, {
      merchantId: merchant.id,
      memberId,
      sourceId: round?.id ?? 0,
      gameType,
      amount: input.bet,
      payout,
      occurredAt: input.at,
    });
  });
}

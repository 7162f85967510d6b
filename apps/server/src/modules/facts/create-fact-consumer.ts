import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { factDeadLetters, factQueue } from '../../db/schema/facts';
import { isDatabaseUnavailable, sqlStateOf } from '../../platform/database-errors';
import type { Db, Tx } from '../../platform/db';
import { DEFAULT_FACT_KINDS, type Fact, type FactEngine } from './fact-model';

/*
 * The one way facts reach the loyalty engines. Exactly once per (engine, fact) comes from
 * atomicity, not bookkeeping: claiming a batch (FOR UPDATE SKIP LOCKED), every engine's apply
 * and deleting the batch commit together. A crash, a lost connection or a throwing engine rolls
 * all of it back, the rows are still queued, and the next claim (this node or another) retries
 * them; a committed batch is gone from the queue, so nothing applies it again. SKIP LOCKED lets
 * several nodes consume side by side without waiting on each other's batches.
 */

export interface FactConsumer {
  /** Claims up to batchSize oldest facts (FOR UPDATE SKIP LOCKED), applies every engine in one transaction, deletes them; returns how many. */
  processBatch(): Promise<number>;
  /** Applies and deletes this member's pending facts inside the caller's transaction (exact reads, e.g. the withdrawal turnover gate). */
  drainMember(tx: Tx, memberId: number): Promise<number>;
  /** Poll loop so lag stays under 2 s; returns stop(). */
  start(): () => void;
}

export interface FactConsumerOptions {
  db: Db;
  engines: readonly FactEngine[];
  log?: FastifyBaseLogger;
  batchSize?: number;
  pollMs?: number;
  /** Failed attempts (outside database outages) after which a fact moves to fact_dead_letters. */
  maxAttempts?: number;
}

const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_POLL_MS = 200;
const DEFAULT_MAX_ATTEMPTS = 5;
/** Full batches drained back to back before the loop yields to its timer (keeps one tick bounded). */
const MAX_BATCHES_PER_TICK = 100;

/** An engine's failure, named, so a dead letter says which engine refused the fact. */
class EngineFailure extends Error {
  constructor(
    readonly engine: string,
    override readonly cause: unknown,
  ) {
    super(`${engine}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Failures that say nothing about the facts (the database went away, a deadlock or serialization retry). */
function isTransient(error: unknown): boolean {
  const cause = error instanceof EngineFailure ? error.cause : error;
  if (isDatabaseUnavailable(cause)) return true;
  const state = sqlStateOf(cause);
  return state === '40001' || state === '40P01';
}

type FactRow = typeof factQueue.$inferSelect;

function toFact(row: FactRow): Fact {
  return {
    id: row.id,
    kind: row.kind,
    merchantId: row.merchantId,
    memberId: row.memberId,
    sourceId: row.sourceId,
    gameType: row.gameType,
    amount: row.amount,
    payout: row.payout,
    occurredAt: row.occurredAt,
  };
}

export function createFactConsumer(options: FactConsumerOptions): FactConsumer {
  const { db, engines, log } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  async function applyAndDelete(tx: Tx, rows: readonly FactRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const facts = rows.map(toFact);
    for (const engine of engines) {
      // Each engine gets the facts of its kinds (a loyalty engine never sees a WITHDRAWAL).
      const kinds = engine.kinds ?? DEFAULT_FACT_KINDS;
      const own = facts.filter((fact) => kinds.includes(fact.kind));
      if (own.length === 0) continue;
      try {
        await engine.apply(tx, own);
      } catch (error) {
        throw new EngineFailure(engine.name, error);
      }
    }
    await tx.delete(factQueue).where(
      inArray(
        factQueue.id,
        rows.map((row) => row.id),
      ),
    );
    return rows.length;
  }

  /** One fact alone: applied, or its failure counted and, past the limit, moved to fact_dead_letters. */
  async function processAlone(id: number): Promise<number> {
    try {
      return await db.transaction(async (tx) => {
        const rows = await tx.select().from(factQueue).where(eq(factQueue.id, id)).for('update', { skipLocked: true });
        return applyAndDelete(tx, rows);
      });
    } catch (error) {
      if (isTransient(error)) throw error;
      await countFailure(id, error);
      return 0;
    }
  }

  async function countFailure(id: number, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const engine = error instanceof EngineFailure ? error.engine : null;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(factQueue)
        .set({ attempts: sql`${factQueue.attempts} + 1` })
        .where(eq(factQueue.id, id))
        .returning();
      if (!row) return;
      log?.error(
        { err: error, factId: id, kind: row.kind, sourceId: row.sourceId, attempts: row.attempts },
        'fact engine failed on a fact',
      );
      if (row.attempts < maxAttempts) return;
      const { id: factId, ...fact } = row;
      await tx
        .insert(factDeadLetters)
        .values({ ...fact, factId, engine, error: message })
        .onConflictDoNothing();
      await tx.delete(factQueue).where(eq(factQueue.id, id));
      log?.error({ factId, kind: row.kind, sourceId: row.sourceId, engine }, 'fact moved to fact_dead_letters');
    });
  }

  async function processBatch(): Promise<number> {
    let claimed: number[] = [];
    try {
      return await db.transaction(async (tx) => {
        const rows = await tx.select().from(factQueue).orderBy(asc(factQueue.id)).limit(batchSize).for('update', { skipLocked: true });
        claimed = rows.map((row) => row.id);
        return applyAndDelete(tx, rows);
      });
    } catch (error) {
      // Nothing was applied. A database outage is retried as it is; anything else may be one
      // poison fact, so the batch's facts are tried one by one: the good ones go through, the
      // bad one is counted (and dead-lettered at the limit) instead of blocking the queue.
      if (claimed.length === 0 || isTransient(error)) throw error;
      log?.warn({ err: error, facts: claimed.length }, 'fact batch failed; retrying its facts one by one');
      let applied = 0;
      for (const id of claimed) applied += await processAlone(id);
      return applied;
    }
  }

  async function drainMember(tx: Tx, memberId: number): Promise<number> {
    let applied = 0;
    // Bounded: each pass deletes what it read, and a member has finitely many facts queued.
    for (;;) {
      // FOR UPDATE without SKIP LOCKED: a batch a consumer holds is waited for (it commits and
      // its rows are gone, or rolls back and they are read here), so the caller's read is exact.
      const rows = await tx
        .select()
        .from(factQueue)
        .where(eq(factQueue.memberId, memberId))
        .orderBy(asc(factQueue.id))
        .limit(batchSize)
        .for('update');
      applied += await applyAndDelete(tx, rows);
      if (rows.length < batchSize) return applied;
    }
  }

  function start(): () => void {
    let isStopped = false;
    let timer: NodeJS.Timeout | null = null;
    let failures = 0;
    const tick = async () => {
      timer = null;
      try {
        for (let batches = 0; batches < MAX_BATCHES_PER_TICK && !isStopped; batches++) {
          if ((await processBatch()) < batchSize) break;
        }
        failures = 0;
      } catch (error) {
        failures += 1;
        log?.error({ err: error }, 'fact consumer tick failed');
      }
      if (isStopped) return;
      // Backs off while the database is away (up to 5 s), back to pollMs once a tick succeeds.
      timer = setTimeout(() => void tick(), Math.min(5_000, pollMs * 2 ** Math.min(failures, 5)));
      timer.unref();
    };
    timer = setTimeout(() => void tick(), 0);
    timer.unref();
    return () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
    };
  }

  return { processBatch, drainMember, start };
}

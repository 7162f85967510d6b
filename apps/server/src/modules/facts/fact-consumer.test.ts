import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { factDeadLetters, factQueue } from '../../db/schema/facts';
import type { Tx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';
import type { TestApp } from '../../test/build-test-app';
import { createMember, type TestMerchant } from '../../test/factories';
import { drainFacts, killConsumerMidBatch, unlockedFactCount } from '../../test/facts-test-kit';
import { useShop } from '../../test/shop-fixture';
import {
  createFactConsumer,
  type Fact,
  type FactEngine,
  readFactQueueStatus,
  recordDepositFact,
  recordRoundFact,
  recordWithdrawalFact,
} from './index';

/*
 * The consumer's promise (create-fact-consumer.ts): every engine sees every fact exactly once,
 * across batches, failing engines, poison facts, concurrent consumers and a consumer process
 * killed mid-batch. Engines here write test_fact_effects with primary key (engine, fact id): a
 * double application is a unique violation (and so a failed batch and a counted attempt, which
 * the tests assert never happened), a skipped one a missing row.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('the fact consumer', () => {
  let t: TestApp;
  let site: TestMerchant;
  const members: number[] = [];
  let nextSource = 1_000_000;

  useShop(async (fixture) => {
    ({ t, shop: site } = fixture);
    for (let index = 0; index < 3; index++) members.push((await createMember(t.app.db, site.merchant.id)).member.id);
    await t.app.db.execute(sql`
        CREATE TABLE test_fact_effects (engine text NOT NULL, fact_id bigint NOT NULL, member_id bigint NOT NULL, amount bigint NOT NULL,
                                        PRIMARY KEY (engine, fact_id))`);
  });

  /** An engine that records each fact it applies; `refuse` makes it throw for chosen facts or calls. */
  function effectEngine(name: string, refuse?: (facts: readonly Fact[], call: number) => boolean): FactEngine & { calls: number } {
    return {
      name,
      calls: 0,
      async apply(tx: Tx, facts: readonly Fact[]) {
        this.calls += 1;
        await tx.execute(sql`
          INSERT INTO test_fact_effects (engine, fact_id, member_id, amount)
          SELECT ${name}, f.id, f.member_id, f.amount
            FROM jsonb_to_recordset(${JSON.stringify(facts.map((fact) => ({ id: fact.id, member_id: fact.memberId, amount: fact.amount.toString() })))}::jsonb)
                 AS f(id bigint, member_id bigint, amount bigint)`);
        if (refuse?.(facts, this.calls)) throw new Error(`${name} refuses this batch`);
      },
    };
  }

  async function enqueue(count: number, options: { memberIndex?: number; amount?: (index: number) => bigint } = {}): Promise<number[]> {
    const sources: number[] = [];
    await t.app.db.transaction(async (tx) => {
      for (let index = 0; index < count; index++) {
        nextSource += 1;
        sources.push(nextSource);
        const memberId = members[options.memberIndex ?? index % members.length]!;
        if (index % 5 === 4) {
          await recordDepositFact(tx, {
            merchantId: site.merchant.id,
            memberId,
            sourceId: nextSource,
            amount: 100n,
            occurredAt: new Date(),
          });
        } else {
          await recordRoundFact(tx, {
            merchantId: site.merchant.id,
            memberId,
            sourceId: nextSource,
            gameType: 'BGS',
            amount: options.amount?.(index) ?? BigInt(10 + index),
            payout: 5n,
            occurredAt: new Date(),
          });
        }
      }
    });
    return sources;
  }

  async function effects(engine: string): Promise<Array<{ factId: number; memberId: number }>> {
    return rowsOf<{ fact_id: unknown; member_id: unknown }>(
      await t.app.db.execute(sql`SELECT fact_id, member_id FROM test_fact_effects WHERE engine = ${engine} ORDER BY fact_id`),
    ).map((row) => ({ factId: toNumber(row.fact_id), memberId: toNumber(row.member_id) }));
  }

  const queuedIds = async () =>
    (await t.app.db.select({ id: factQueue.id }).from(factQueue).orderBy(asc(factQueue.id))).map((row) => row.id);

  async function clearQueue() {
    await t.app.db.delete(factQueue);
    await t.app.db.delete(factDeadLetters);
  }

  it('the app has one consumer that does not poll in tests; drainFacts applies what is queued', async () => {
    await clearQueue();
    await enqueue(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await queuedIds()).toHaveLength(2);
    expect(await drainFacts(t.app)).toBe(2);
    expect(await queuedIds()).toEqual([]);
  });

  it('a retried fact enqueues once: (kind, source id) is unique while it is pending', async () => {
    await clearQueue();
    const input = {
      merchantId: site.merchant.id,
      memberId: members[0]!,
      sourceId: 42,
      gameType: 'BGS',
      amount: 7n,
      payout: 0n,
      occurredAt: new Date(),
    };
    await t.app.db.transaction((tx) => recordRoundFact(tx, input));
    await t.app.db.transaction((tx) => recordRoundFact(tx, { ...input, amount: 9n }));
    // The same source id as a deposit is another fact; a zero amount is no fact at all.
    await t.app.db.transaction((tx) => recordDepositFact(tx, { ...input, amount: 7n }));
    await t.app.db.transaction((tx) => recordRoundFact(tx, { ...input, sourceId: 43, amount: 0n }));
    const rows = await t.app.db.select().from(factQueue).orderBy(asc(factQueue.id));
    expect(rows.map((row) => [row.kind, row.sourceId, row.amount])).toEqual([
      ['ROUND', 42, 7n],
      ['DEPOSIT', 42, 7n],
    ]);
  });

  it('every engine sees each fact exactly once across batches; a processed fact is gone from the queue', async () => {
    await clearQueue();
    const first = effectEngine('once-a');
    const second = effectEngine('once-b');
    const consumer = createFactConsumer({ db: t.app.db, engines: [first, second], batchSize: 7 });
    await enqueue(20);
    const ids = await queuedIds();
    const applied: number[] = [];
    for (let batch = 0; batch < 10; batch++) applied.push(await consumer.processBatch());
    expect(applied.slice(0, 4)).toEqual([7, 7, 6, 0]);
    expect((await effects('once-a')).map((row) => row.factId)).toEqual(ids);
    expect((await effects('once-b')).map((row) => row.factId)).toEqual(ids);
    expect(first.calls).toBe(3);
    expect(await queuedIds()).toEqual([]);
  });

  it('an engine gets only its kinds: a WITHDRAWAL reaches an engine that names it, never a loyalty (default) engine', async () => {
    await clearQueue();
    const loyalty = effectEngine('kinds-default');
    const rollups = { ...effectEngine('kinds-all'), kinds: ['ROUND', 'DEPOSIT', 'WITHDRAWAL'] as const };
    const consumer = createFactConsumer({ db: t.app.db, engines: [loyalty, rollups], batchSize: 50 });
    const played = await enqueue(5);
    const withdrawal = { merchantId: site.merchant.id, memberId: members[0]!, sourceId: played[0]!, amount: 300n, occurredAt: new Date() };
    await t.app.db.transaction((tx) => recordWithdrawalFact(tx, withdrawal));
    // The same withdrawal again (a replayed approval that got this far) is the same fact.
    await t.app.db.transaction((tx) => recordWithdrawalFact(tx, withdrawal));
    const ids = await queuedIds();
    expect(ids).toHaveLength(6);
    expect(await consumer.processBatch()).toBe(6);
    expect((await effects('kinds-default')).map((row) => row.factId)).toEqual(ids.slice(0, 5));
    expect((await effects('kinds-all')).map((row) => row.factId)).toEqual(ids);
    // A batch of withdrawals alone does not call the loyalty engine at all.
    await t.app.db.transaction((tx) => recordWithdrawalFact(tx, { ...withdrawal, sourceId: played[1]! }));
    expect(await consumer.processBatch()).toBe(1);
    expect(loyalty.calls).toBe(1);
    expect(rollups.calls).toBe(2);
    expect(await queuedIds()).toEqual([]);
  });

  it('an engine failing mid-batch rolls back every engine’s work on it; the retry applies each fact once', async () => {
    await clearQueue();
    const before = effectEngine('rollback-a');
    const failing = effectEngine('rollback-b', (_facts, call) => call === 1);
    const consumer = createFactConsumer({ db: t.app.db, engines: [before, failing], batchSize: 50 });
    await enqueue(12);
    const ids = await queuedIds();
    // The first attempt fails after rollback-a wrote its effects; they went with the batch. The
    // batch's facts are then tried one by one, and all pass.
    expect(await consumer.processBatch()).toBe(12);
    expect((await effects('rollback-a')).map((row) => row.factId)).toEqual(ids);
    expect((await effects('rollback-b')).map((row) => row.factId)).toEqual(ids);
    expect(before.calls).toBe(13);
    expect(await queuedIds()).toEqual([]);
  });

  it('a poison fact does not block the queue: counted, then moved to fact_dead_letters with the engine and error', async () => {
    await clearQueue();
    const poisoned = effectEngine('poison', (facts) => facts.some((fact) => fact.amount === 13n));
    const consumer = createFactConsumer({ db: t.app.db, engines: [poisoned], batchSize: 50, maxAttempts: 3 });
    await enqueue(6, { amount: (index) => (index === 2 ? 13n : 20n + BigInt(index)) });
    const ids = await queuedIds();
    const poisonId = ids[2]!;
    expect(await consumer.processBatch()).toBe(5);
    expect(await queuedIds()).toEqual([poisonId]);
    expect((await t.app.db.select().from(factQueue))[0]?.attempts).toBe(1);
    expect(await consumer.processBatch()).toBe(0);
    expect(await consumer.processBatch()).toBe(0);
    expect(await queuedIds()).toEqual([]);
    const [dead] = await t.app.db.select().from(factDeadLetters);
    expect(dead).toMatchObject({ factId: poisonId, engine: 'poison', attempts: 3, amount: 13n, kind: 'ROUND' });
    expect(dead?.error).toContain('poison refuses this batch');
    expect(await readFactQueueStatus(t.app.db)).toMatchObject({ pending: 0, deadLetters: 1 });
    expect((await effects('poison')).map((row) => row.factId)).toEqual(ids.filter((id) => id !== poisonId));
  });

  it('drainMember applies only that member’s facts, inside the caller’s transaction', async () => {
    await clearQueue();
    const engine = effectEngine('drain');
    const consumer = createFactConsumer({ db: t.app.db, engines: [engine], batchSize: 2 });
    await enqueue(9);
    const target = members[1]!;
    const mine = (await t.app.db.select().from(factQueue).where(eq(factQueue.memberId, target))).map((row) => row.id);
    expect(mine.length).toBe(3);
    // Rolled back with the caller: nothing applied, nothing deleted.
    await expect(
      t.app.db.transaction(async (tx) => {
        expect(await consumer.drainMember(tx, target)).toBe(3);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await effects('drain')).toEqual([]);
    expect(await t.app.db.transaction((tx) => consumer.drainMember(tx, target))).toBe(3);
    expect((await effects('drain')).map((row) => row.factId)).toEqual(mine);
    expect(await queuedIds()).toHaveLength(6);
    expect((await queuedIds()).some((id) => mine.includes(id))).toBe(false);
    while ((await consumer.processBatch()) > 0);
    expect(await effects('drain')).toHaveLength(9);
  });

  it('concurrent consumers (SKIP LOCKED) and member drains never apply a fact twice nor skip one', async () => {
    await clearQueue();
    const engine = effectEngine('concurrent');
    await enqueue(300);
    const ids = await queuedIds();
    const consumers = Array.from({ length: 4 }, () => createFactConsumer({ db: t.app.db, engines: [engine], batchSize: 10 }));
    const run = async (consumer: (typeof consumers)[number]) => {
      let total = 0;
      for (let round = 0; round < 200; round++) {
        const applied = await consumer.processBatch();
        total += applied;
        if (applied === 0 && (await queuedIds()).length === 0) break;
      }
      return total;
    };
    const drains = members.map((memberId) => t.app.db.transaction((tx) => consumers[0]!.drainMember(tx, memberId)));
    const [totals, drained] = await Promise.all([Promise.all(consumers.map(run)), Promise.all(drains)]);
    expect(totals.reduce((sum, value) => sum + value, 0) + drained.reduce((sum, value) => sum + value, 0)).toBe(300);
    expect((await effects('concurrent')).map((row) => row.factId)).toEqual(ids);
    expect(await queuedIds()).toEqual([]);
    expect(await t.app.db.select().from(factDeadLetters)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'a connection terminated mid-batch (pg_terminate_backend) rolls the batch back; the retry applies each fact once',
    async () => {
      await clearQueue();
      let killed = false;
      const terminating: FactEngine = {
        name: 'terminated',
        async apply(tx, facts) {
          await effectEngine('terminated').apply(tx, facts);
          if (!killed) {
            killed = true;
            await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
          }
        },
      };
      const consumer = createFactConsumer({ db: t.app.db, engines: [terminating], batchSize: 100 });
      await enqueue(25);
      const ids = await queuedIds();
      await expect(consumer.processBatch()).rejects.toThrow();
      expect(await effects('terminated')).toEqual([]);
      expect(await queuedIds()).toEqual(ids);
      expect(await consumer.processBatch()).toBe(25);
      expect((await effects('terminated')).map((row) => row.factId)).toEqual(ids);
      // A database outage is no fault of the facts: no attempt was counted.
      expect(await t.app.db.select().from(factDeadLetters)).toEqual([]);
    },
  );

  it.skipIf(!onPostgres)(
    'CRASH: a consumer process SIGKILLed mid-batch leaves nothing; the restarted consumer applies each fact exactly once',
    { timeout: 120_000 },
    async () => {
      await clearQueue();
      await enqueue(120);
      const ids = await queuedIds();
      // The child holds 50 claimed facts with its effects written, uncommitted: killed there.
      const output = await killConsumerMidBatch(t.app, 'src/test/fact-consumer-crash-child.ts', 'FACTS_CRASH_DATABASE_URL', {
        FACTS_CRASH_BATCH_SIZE: '50',
      });
      expect(output).toContain('MID-BATCH 50');
      // Postgres notices the dead connection and rolls its transaction back; wait for the locks to go.
      await expect.poll(() => unlockedFactCount(t.app), { timeout: 20_000 }).toBe(120);
      expect(await effects('crash-counter')).toEqual([]);

      const restarted = createFactConsumer({ db: t.app.db, engines: [effectEngine('crash-counter')], batchSize: 50 });
      let applied = 0;
      for (let batch = 0; batch < 10; batch++) applied += await restarted.processBatch();
      expect(applied).toBe(120);
      expect((await effects('crash-counter')).map((row) => row.factId)).toEqual(ids);
      expect(await queuedIds()).toEqual([]);
    },
  );
});

import { sql } from 'drizzle-orm';
import { createFactConsumer } from '../modules/facts/index';
import { openPostgres } from '../platform/db';

/*
 * The fact consumer of the crash test (modules/facts/fact-consumer.test.ts), as its own process:
 * claims a batch, lets its engine write its effects, says MID-BATCH and waits to be SIGKILLed
 * with the batch's transaction open. Test only.
 */
const url = process.env.FACTS_CRASH_DATABASE_URL;
if (!url) throw new Error('FACTS_CRASH_DATABASE_URL is not set');
const database = openPostgres({ url, poolMax: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 60_000 });
const consumer = createFactConsumer({
  db: database.db,
  batchSize: Number(process.env.FACTS_CRASH_BATCH_SIZE ?? 50),
  engines: [
    {
      name: 'crash-counter',
      async apply(tx, facts) {
        await tx.execute(sql`
          INSERT INTO test_fact_effects (engine, fact_id, member_id, amount)
          SELECT 'crash-counter', f.id, f.member_id, f.amount
            FROM jsonb_to_recordset(${JSON.stringify(facts.map((fact) => ({ id: fact.id, member_id: fact.memberId, amount: fact.amount.toString() })))}::jsonb)
                 AS f(id bigint, member_id bigint, amount bigint)`);
        process.stdout.write(`MID-BATCH ${facts.length}\n`);
        // Killed here, the batch's transaction open: its effects and the claim die with the connection.
        await new Promise(() => setInterval(() => undefined, 60_000));
      },
    },
  ],
});
await consumer.processBatch();

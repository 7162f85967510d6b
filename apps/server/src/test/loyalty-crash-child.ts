import { createFactConsumer } from '../modules/facts/index';
import { createPointsEngine } from '../modules/points/index';
import { createVipEngine } from '../modules/vip/index';
import { openPostgres } from '../platform/db';

/*
 * The consumer of the points/VIP crash test (modules/points/loyalty-engines.crash.test.ts) as its
 * own process: claims a batch, runs the real points and VIP engines on it, says MID-BATCH and
 * waits to be SIGKILLed with the batch's transaction open. Test only.
 */
const url = process.env.LOYALTY_CRASH_DATABASE_URL;
if (!url) throw new Error('LOYALTY_CRASH_DATABASE_URL is not set');
const database = openPostgres({ url, poolMax: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 60_000 });
const consumer = createFactConsumer({
  db: database.db,
  batchSize: 50,
  engines: [
    createPointsEngine(),
    createVipEngine(() => new Date()),
    {
      name: 'halt',
      async apply(_tx, facts) {
        process.stdout.write(`MID-BATCH ${facts.length}\n`);
        await new Promise(() => setInterval(() => undefined, 60_000));
      },
    },
  ],
});
await consumer.processBatch();

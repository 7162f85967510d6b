/**
 * Catalogue read throughput: the public game list (GET /lgw/games/list) beside a bare Fastify
 * hello-world, both over HTTP with autocannon in the same run (DESIGN.md section 8: >= 50%).
 *
 *   [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] \
 *     node --import tsx bench/catalogue/run.ts [seconds=10] [connections=20]
 *
 * Not a test. Without DATABASE_URL it runs on PGlite.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { createTestDatabase } from '../../apps/server/src/test/test-database';

const [seconds = 10, connections = 20] = process.argv.slice(2).map(Number);

async function measure(url: string): Promise<{ requests: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { language: 'EN' } });
  return { requests: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
const helloAddress = await hello.listen({ host: '127.0.0.1', port: 0 });

const database = await createTestDatabase();
await seedDatabase(database.db, { demo: false });
const app = await buildApp({ config: testConfig(), database, serveWeb: false, logger: false });
const appAddress = await app.listen({ host: '127.0.0.1', port: 0 });
try {
  const baseline = await measure(`${helloAddress}/`);
  const list = await measure(`${appAddress}/lgw/games/list?gameType=RNG&pageNo=1&pageSize=20&gameClassify=ALL`);
  const pageTwo = await measure(`${appAddress}/lgw/games/list?gameType=LIVE&pageNo=2&pageSize=20&gameClassify=ALL&language=BN`);
  const line = (label: string, value: { requests: number; p99: number; errors: number }) =>
    `  ${label.padEnd(34)} ${value.requests.toFixed(0).padStart(7)} req/s  p99 ${value.p99} ms  errors ${value.errors}`;
  console.log(
    [
      `catalogue (${database.kind}, ${connections} connections, ${seconds}s each):`,
      line('bare Fastify hello-world', baseline),
      line('GET /lgw/games/list RNG p1', list),
      line('GET /lgw/games/list LIVE p2 BN', pageTwo),
      `  ratio game list : hello-world = ${(list.requests / baseline.requests).toFixed(2)} (target >= 0.50)`,
    ].join('\n'),
  );
} finally {
  await app.close();
  await hello.close();
  await database.close();
}

/**
 * Catalogue read throughput: the public game list (GET /lgw/games/list) beside a bare Fastify
 * hello-world, both over HTTP with autocannon in the same run (DESIGN.md section 8: >= 50%),
 * then the other reads the home page makes (menus, vendor lanes, hot games, winner board) and
 * the game list of a logged-in member (shared page + that member's favourite flags).
 *
 *   [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] \
 *     node --import tsx bench/catalogue/run.ts [seconds=10] [connections=20] [all|list]
 *
 * `list` measures only the hello-world and the two public list lines. The hello-world runs first
 * and again last; ratios are to the mean of both, so a machine whose load drifts during the run
 * (others' tests) skews them less. Not a test. Without DATABASE_URL it runs on PGlite.
 */
import { CATALOGUE_PATHS } from '@kismat/contracts/catalogue';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { createFundedMember } from '../../apps/server/src/modules/vendor-wallet/vendor-test-kit';
import { createTestDatabase } from '../../apps/server/src/test/test-database';

const [secondsArg, connectionsArg, scope = 'all'] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 10);
const connections = Number(connectionsArg ?? 20);

type Figures = { requests: number; p99: number; errors: number };

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { language: 'EN', ...headers } });
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
  const helloFirst = await measure(`${helloAddress}/`);
  const figures: [string, Figures][] = [];
  const list = await measure(`${appAddress}${CATALOGUE_PATHS.gameListPublic}?gameType=RNG&pageNo=1&pageSize=20&gameClassify=ALL`);
  const pageTwo = await measure(
    `${appAddress}${CATALOGUE_PATHS.gameListPublic}?gameType=LIVE&pageNo=2&pageSize=20&gameClassify=ALL&language=BN`,
  );
  figures.push(['GET /lgw/games/list RNG p1', list], ['GET /lgw/games/list LIVE p2 BN', pageTwo]);
  if (scope === 'all') {
    figures.push(['GET game_menus (home rows)', await measure(`${appAddress}${CATALOGUE_PATHS.gameMenus}`)]);
    figures.push(['GET game_menu (header nav)', await measure(`${appAddress}${CATALOGUE_PATHS.gameMenu}`)]);
    figures.push(['GET newGameVendor (lanes)', await measure(`${appAddress}${CATALOGUE_PATHS.newGameVendor}?platform=html5-desktop`)]);
    figures.push(['GET hotGamesV2', await measure(`${appAddress}${CATALOGUE_PATHS.hotGames}`)]);
    figures.push(['GET getRankList ALL 20', await measure(`${appAddress}${CATALOGUE_PATHS.rankList}?gameCategory=ALL&limitNum=20`)]);
    // A member's list: the shared page from the cache, then the session and favourites queries.
    const member = await createFundedMember(app, 0n);
    const memberList = await measure(`${appAddress}${CATALOGUE_PATHS.gameListPublic}?gameType=RNG&pageNo=1&pageSize=20&gameClassify=ALL`, {
      authorization: `Bearer ${member.token}`,
    });
    figures.push(['GET /lgw/games/list RNG p1 member', memberList]);
  }
  const helloLast = await measure(`${helloAddress}/`);
  const baseline = (helloFirst.requests + helloLast.requests) / 2;
  const line = (label: string, value: Figures, ratio = true) =>
    `  ${label.padEnd(34)} ${value.requests.toFixed(0).padStart(7)} req/s  p99 ${value.p99} ms  errors ${value.errors}` +
    (ratio ? `  (${(value.requests / baseline).toFixed(2)})` : '');
  console.log(
    [
      `catalogue (${database.kind}, ${connections} connections, ${seconds}s each; ratio to the mean hello-world in brackets):`,
      line('bare Fastify hello-world (first)', helloFirst, false),
      ...figures.map(([label, value]) => line(label, value)),
      line('bare Fastify hello-world (last)', helloLast, false),
      `  ratio game list : hello-world = ${(list.requests / baseline).toFixed(2)} (target >= 0.50)`,
    ].join('\n'),
  );
} finally {
  await app.close();
  await hello.close();
  await database.close();
}

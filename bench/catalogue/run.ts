/**
 * Catalogue read throughput: the public game list (GET /lgw/games/list) beside a bare Fastify
 * hello-world, both over HTTP with autocannon in the same run (DESIGN.md section 8: >= 50%),
 * then the other reads the home page makes (menus, vendor lanes, hot games, winner board) and
 * the game list of a logged-in member (shared page + that member's favourite flags).
 *
 *   [DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres] \
 *     node --import tsx bench/catalogue/run.ts [seconds=10] [connections=20] [all|list|member]
 *
 * `list` measures only the hello-world and the two public list lines; `member` adds the
 * logged-in member's lines to those. The hello-world runs first
 * and again last; ratios are to the mean of both, so a machine whose load drifts during the run
 * (others' tests) skews them less. Each line also prints this process's CPU per request (server
 * and autocannon share it) and the hello-world's over it, a ratio the machine's load barely
 * moves. Not a test. Without DATABASE_URL it runs on PGlite.
 */
import { CATALOGUE_PATHS } from '@kismat/contracts/catalogue';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createTestDatabase } from '../../apps/server/src/test/test-database';
import { createFundedMember } from '../../apps/server/src/test/vendor-test-kit';

const [secondsArg, connectionsArg, scope = 'all'] = process.argv.slice(2);
const seconds = Number(secondsArg ?? 10);
const connections = Number(connectionsArg ?? 20);

/** cpuPerRequest: this process's CPU (server and autocannon both) per answered request, in µs. */
type Figures = { requests: number; p99: number; errors: number; cpuPerRequest: number };

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({ url, connections, duration: seconds, headers: { language: 'EN', ...headers } });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    requests: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
  };
}

/**
 * A logged-in member's lists: the shared page from the cache with that member's favourite flags
 * laid over it (the member has favourited two games of the page), by the public path with a
 * token and by the token-only relay, plus the favourite ids the web loads after login and the
 * member's favourites page.
 */
async function measureMember(): Promise<[string, Figures][]> {
  const member = await createFundedMember(app, 0n);
  const authorization = `Bearer ${member.token}`;
  const query = 'gameType=RNG&pageNo=1&pageSize=20&gameClassify=ALL';
  const first = await member.client.call('GET', `${CATALOGUE_PATHS.gameList}?${query}`, { token: member.token });
  const nodeIds = (first.json().value.list as { nodeId: number }[]).slice(0, 2).map((game) => game.nodeId);
  for (const nodeId of nodeIds)
    await member.client.call('POST', CATALOGUE_PATHS.addFavoriteGame, { token: member.token, body: { nodeId } });
  return [
    ['GET /lgw/games/list RNG p1 member', await measure(`${appAddress}${CATALOGUE_PATHS.gameListPublic}?${query}`, { authorization })],
    ['GET GCSGAME_gameList RNG p1 member', await measure(`${appAddress}${CATALOGUE_PATHS.gameList}?${query}`, { authorization })],
    ['GET MCSFE_getFavoriteGames member', await measure(`${appAddress}${CATALOGUE_PATHS.favoriteGameIds}`, { authorization })],
    ['GET MCSFE_getFavoriteGamesList member', await measure(`${appAddress}${CATALOGUE_PATHS.favoriteGamesList}`, { authorization })],
  ];
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
  }
  if (scope === 'all' || scope === 'member') figures.push(...(await measureMember()));
  const helloLast = await measure(`${helloAddress}/`);
  const baseline = (helloFirst.requests + helloLast.requests) / 2;
  const helloCpu = (helloFirst.cpuPerRequest + helloLast.cpuPerRequest) / 2;
  // The CPU ratio (hello-world's CPU per request over the line's) barely moves with the load
  // others put on the machine; the req/s ratio does. Postgres's own CPU is not in it.
  const line = (label: string, value: Figures, ratio = true) =>
    `  ${label.padEnd(36)} ${value.requests.toFixed(0).padStart(7)} req/s  p99 ${String(value.p99).padStart(3)} ms  errors ${value.errors}` +
    `  cpu ${value.cpuPerRequest.toFixed(0).padStart(5)} µs/req` +
    (ratio ? `  (${(value.requests / baseline).toFixed(2)}; cpu ${(helloCpu / value.cpuPerRequest).toFixed(2)})` : '');
  console.log(
    [
      `catalogue (${database.kind}, ${connections} connections, ${seconds}s each; in brackets the ratio to the mean hello-world: req/s; cpu = its CPU per request over the line's):`,
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

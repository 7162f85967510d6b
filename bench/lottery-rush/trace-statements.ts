/**
 * SQL statements of one lottery slip in the steady state (issue 16 item 3), traced statement by
 * statement: one funded, logged-in member; a first slip (opens nothing new afterwards: the play
 * accounts are remembered), then the traced slip, then a replay of it. Every `pg.Client.query` of
 * this process during the call is counted and its first line printed. Not timed: the count is the
 * figure, whatever the machine's load.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/lottery-rush/trace-statements.ts
 */
import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import pg from 'pg';
import { ensureLotteryIssues } from '../../apps/server/src/modules/house-games/ensure-lottery-issues';
import { readOpenedIssues } from '../../apps/server/src/modules/house-games/lottery-reads';
import { TestClient } from '../../apps/server/src/test/factories';
import { loginFundedPlayers, requireDatabaseUrl, runOnBenchApp } from '../support/bench-app';

const databaseUrl = requireDatabaseUrl('lottery-trace');

await runOnBenchApp(databaseUrl, async (app) => {
  const { host, tokens } = await loginFundedPlayers(app, 1);
  const client = new TestClient(app, host);
  const now = new Date();
  await ensureLotteryIssues(app.db, now);
  // A 5D issue whose cutoff leaves half a minute for the three slips (the 5-minute game's, mostly).
  const issue = (await readOpenedIssues(app.db, now)).find(
    (row) => row.gameCode.startsWith('ELOTT') && row.status === 'OPEN' && row.cutoffAt.getTime() > now.getTime() + 30_000,
  );
  if (!issue) throw new Error('no 5D issue open for another half minute; run again');
  const slip = (idempotencyKey: string) =>
    client.call('POST', HOUSE_GAME_PATHS.placeLotteryBet, {
      token: tokens[0],
      body: {
        issueId: String(issue.id),
        oddsTable: 'standard',
        idempotencyKey,
        tickets: [{ betType: 'SUM_SIZE', selection: 'BIG', amount: '1.00' }],
      },
    });
  const statements: string[] = [];
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function tracedQuery(this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? '?');
    statements.push(text.trim().split('\n')[0]!.slice(0, 110));
    return (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  const traced = async (label: string, key: string) => {
    statements.length = 0;
    const answer = await slip(key);
    if (answer.statusCode !== 200) throw new Error(`${label}: ${answer.statusCode} ${answer.body}`);
    console.log(`${label}: ${statements.length} statements`);
    for (const line of statements) console.log(`  ${line}`);
  };
  await traced('first slip', randomUUID());
  const key = randomUUID();
  await traced('steady-state slip', key);
  await traced('replay of it', key);
  pg.Client.prototype.query = clientQuery;
});

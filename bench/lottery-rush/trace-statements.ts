/**
 * SQL statements of one lottery slip in the steady state (issue 16 item 3), traced statement by
 * statement: one funded, logged-in member; a first slip (opens nothing new afterwards: the play
 * accounts are remembered), then the traced slip, then a replay of it. Every `pg.Client.query` of
 * this process during the call is counted and its first line printed. Not timed: the count is the
 * figure, whatever the machine's load. With EXPLAIN=1, each statement of the steady-state slip
 * (but transaction control) is then run again as EXPLAIN (ANALYZE, BUFFERS) with its parameters,
 * in a transaction rolled back, on a slip key of its own: planning and execution time, triggers.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres [EXPLAIN=1] node --import tsx bench/lottery-rush/trace-statements.ts
 */
import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_PATHS } from '@kismat/contracts/house-games';
import pg from 'pg';
import { ensureLotteryIssues } from '../../apps/server/src/modules/house-games/ensure-lottery-issues';
import { readOpenedIssues } from '../../apps/server/src/modules/house-games/lottery-reads';
import { TestClient } from '../../apps/server/src/test/factories';
import { loginFundedPlayers, requireDatabaseUrl, runOnBenchApp } from '../support/bench-app';

const databaseUrl = requireDatabaseUrl('lottery-trace');

interface ExplainedPlan {
  'Planning Time': number;
  'Execution Time': number;
  Triggers?: { 'Trigger Name': string; Time: number }[];
}

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
  const sent: { text: string; values: unknown[] }[] = [];
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function tracedQuery(this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string } | undefined)?.text ?? '?');
    const values =
      (typeof args[0] === 'object' ? (args[0] as { values?: unknown[] }).values : undefined) ?? (Array.isArray(args[1]) ? args[1] : []);
    sent.push({ text, values });
    statements.push(text.trim().split('\n')[0]!.slice(0, 110));
    return (clientQuery as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof clientQuery;
  const traced = async (label: string, key: string) => {
    statements.length = 0;
    sent.length = 0;
    const answer = await slip(key);
    if (answer.statusCode !== 200) throw new Error(`${label}: ${answer.statusCode} ${answer.body}`);
    console.log(`${label}: ${statements.length} statements`);
    for (const line of statements) console.log(`  ${line}`);
  };
  await traced('first slip', randomUUID());
  const key = randomUUID();
  await traced('steady-state slip', key);
  const steady = [...sent];
  await traced('replay of it', key);
  pg.Client.prototype.query = clientQuery;
  if (process.env.EXPLAIN !== '1') return;
  // The steady-state slip's statements again, explained, each in a transaction rolled back; the
  // slip key in the parameters replaced by a fresh one (the slip stored under `key` would make a replay).
  // The app's own pool (its database is the bench's scratch one).
  const pool = (app.db as unknown as { _: { session: { client: pg.Pool } } })._.session.client;
  const explainer = await pool.connect();
  try {
    for (const { text, values } of steady) {
      if (/^\s*(begin|commit|rollback)/i.test(text)) continue;
      // Five runs, each on a slip key of its own; the fastest is printed (the first pays the connection's cold caches).
      let best: { planning: number; execution: number; triggers: string } | undefined;
      for (let run = 0; run < 5; run += 1) {
        const fresh = randomUUID();
        const swapped = values.map((value) => (typeof value === 'string' ? value.split(key).join(fresh) : value));
        await explainer.query('BEGIN');
        try {
          const { rows } = await explainer.query({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values: swapped });
          const [plan] = (rows[0] as { 'QUERY PLAN': ExplainedPlan[] })['QUERY PLAN'];
          if (!plan) continue;
          const triggers = (plan.Triggers ?? []).map((trigger) => `${trigger['Trigger Name']} ${trigger.Time.toFixed(3)} ms`).join(', ');
          if (!best || plan['Execution Time'] < best.execution) {
            best = { planning: plan['Planning Time'], execution: plan['Execution Time'], triggers };
          }
        } finally {
          await explainer.query('ROLLBACK');
        }
      }
      console.log(
        `explain (best of 5): planning ${best?.planning.toFixed(3)} ms, execution ${best?.execution.toFixed(3)} ms${best?.triggers ? `, triggers: ${best.triggers}` : ''}  ${text.trim().split('\n')[0]!.slice(0, 80)}`,
      );
    }
  } finally {
    explainer.release();
  }
});

/**
 * Mission leaderboard at scale: one weekly board with N scores in one period (default
 * 1,000,000) on a scratch database of the local Postgres, then the two reads
 * MCSFE_getMissionLeaderboard makes, timed: the top 100 (`readTopScores`) and a member's own rank
 * (`readOwnRank`) for members near the top, in the middle and at the bottom. Also prints each
 * query's plan, to show the index serves it with no Sort of the period's rows.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/mission-leaderboard/run.ts [--scores 1000000] [--repeat 50]
 *
 * Not a test. Scores are written by one INSERT ... SELECT over generate_series (a million members
 * through the API would time registration, not the board), so the scratch database drops the
 * scores' member foreign key first; many members share a score, like real boards.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { missionLeaderboards } from '../../apps/server/src/db/schema/missions';
import { readOwnRank, readTopScores } from '../../apps/server/src/modules/missions/index';
import { rowsOf } from '../../apps/server/src/platform/sql-values';
import { requireDatabaseUrl } from '../support/bench-app';
import { percentile } from '../support/pgbench';
import { withScratchDatabase } from '../support/scratch-database';

const { values } = parseArgs({ options: { scores: { type: 'string', default: '1000000' }, repeat: { type: 'string', default: '50' } } });
const scoreCount = Number(values.scores);
const repeat = Number(values.repeat);
const databaseUrl = requireDatabaseUrl('mission-leaderboard');
if (!Number.isInteger(scoreCount) || scoreCount < 200 || !Number.isInteger(repeat) || repeat < 1) {
  console.error('mission-leaderboard bench: --scores takes an integer >= 200, --repeat a positive integer.');
  process.exit(2);
}

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  const samples: number[] = [];
  for (let index = 0; index < repeat; index += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(34)} p50 ${percentile(samples, 0.5).toFixed(2)} ms  p99 ${percentile(samples, 0.99).toFixed(2)} ms  (${repeat} runs)`,
  );
}

await withScratchDatabase(databaseUrl, 2, async (db, merchantId) => {
  const merchant = { id: merchantId };
  const [board] = await db
    .insert(missionLeaderboards)
    .values({
      merchantId: merchant.id,
      titles: { BN: 'b', EN: 'b', SW: 'b' },
      period: 'WEEKLY',
      metric: 'VALID_BET',
      prizes: [{ rank: 1, amount: '100' }],
    })
    .returning();
  if (!board) throw new Error('no board');
  const periodKey = '2026-07-06';

  await db.execute(sql`ALTER TABLE leaderboard_scores DROP CONSTRAINT IF EXISTS leaderboard_scores_member_id_members_id_fk`);
  const started = performance.now();
  // Scores in whole units from 1 to 50,000 (so many ties), reached at spread-out moments of the week.
  await db.execute(sql`
    INSERT INTO leaderboard_scores (leaderboard_id, period_key, member_id, merchant_id, score, reached_at)
    SELECT ${board.id}, ${periodKey}, n, ${merchant.id}, (1 + (hashint4(n::int) & 65535) % 50000) * 100,
           timestamptz '2026-07-06 00:00+06' + ((hashint4(n::int + 7) & 1048575) * interval '500 ms')
      FROM generate_series(1, ${scoreCount}) AS n`);
  // What autovacuum leaves on a live table: the visibility map lets the counts read the index only.
  await db.execute(sql`VACUUM ANALYZE leaderboard_scores`);
  console.log(`${scoreCount.toLocaleString('en')} scores written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const top = await readTopScores(db, board.id, periodKey);
  const [middle] = rowsOf<{ member_id: string }>(
    await db.execute(sql`SELECT member_id FROM leaderboard_scores WHERE leaderboard_id = ${board.id} AND period_key = ${periodKey}
                          ORDER BY score DESC, reached_at, member_id OFFSET ${Math.floor(scoreCount / 2)} LIMIT 1`),
  );
  const [last] = rowsOf<{ member_id: string }>(
    await db.execute(sql`SELECT member_id FROM leaderboard_scores WHERE leaderboard_id = ${board.id} AND period_key = ${periodKey}
                          ORDER BY score, reached_at DESC, member_id DESC LIMIT 1`),
  );
  const probes = { near: top[50]?.memberId ?? 1, middle: Number(middle?.member_id), last: Number(last?.member_id) };
  for (const [where, memberId] of Object.entries(probes)) {
    const own = await readOwnRank(db, board.id, periodKey, memberId);
    console.log(`own rank (${where}): member ${memberId} is #${own?.rank}`);
  }

  await timed('top 100 (readTopScores)', () => readTopScores(db, board.id, periodKey));
  for (const [where, memberId] of Object.entries(probes)) {
    await timed(`own rank, ${where} (readOwnRank)`, () => readOwnRank(db, board.id, periodKey, memberId));
  }

  const plan = async (label: string, query: ReturnType<typeof sql>) => {
    const rows = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`EXPLAIN ${query}`));
    const text = rows.map((row) => row['QUERY PLAN']).join('\n');
    console.log(`\nplan: ${label} (Sort node: ${/\bSort\b/.test(text) ? 'YES' : 'none'})\n${text}`);
  };
  await plan(
    'top 100',
    sql`SELECT member_id, score, reached_at FROM leaderboard_scores WHERE leaderboard_id = ${board.id} AND period_key = ${periodKey}
        ORDER BY score DESC, reached_at, member_id LIMIT 100`,
  );
  const own = await readOwnRank(db, board.id, periodKey, probes.middle);
  await plan(
    'entries ahead of the middle member',
    sql`SELECT (SELECT count(*) FROM leaderboard_scores WHERE leaderboard_id = ${board.id} AND period_key = ${periodKey} AND score > ${String(own?.score)}::bigint)
             + (SELECT count(*) FROM leaderboard_scores WHERE leaderboard_id = ${board.id} AND period_key = ${periodKey} AND score = ${String(own?.score)}::bigint
                  AND (reached_at, member_id) < (${own?.reachedAt.toISOString()}::timestamptz, ${probes.middle}::bigint))`,
  );
});

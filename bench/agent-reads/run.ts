/**
 * Agent centre reads at scale (issue 16 item 4): a merchant with an agent whose team is
 * 100,000 members / 2,000,000 settled rounds (`--large`: 1,000,000 / 10,000,000), generated
 * set-based on a scratch database (generate.ts), then every agent read through the real HTTP
 * routes with a real agent session (logged in through the login call), sequentially and at 10
 * in flight, by a load client in its own process (load.ts). Also: the settlement read
 * (readTeamPerformances over the 1,050 agents' teams for one day, in process) and, while the 10
 * concurrent reads run, how long a money call / job waits for a connection of the app's pool
 * (`SELECT 1` every 100 ms on app.db).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --import tsx bench/agent-reads/run.ts [--large] [--keep] [--db NAME] [--calls 30] [--only downlines,transactions]
 *
 * `--keep` leaves the scratch database (its name is printed) and `--db NAME` measures on one
 * kept before (migrating it first, so a new migration's backfill runs on the same data).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { testConfig } from '../../apps/server/src/config';
import { readTeamPerformances } from '../../apps/server/src/modules/agent/team-performance';
import { ensureMemberAccounts } from '../../apps/server/src/modules/wallet/index';
import { openPostgres } from '../../apps/server/src/platform/db';
import { rowsOf } from '../../apps/server/src/platform/sql-values';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createMember, createMerchant, TestClient, uniqueIp } from '../../apps/server/src/test/factories';
import { requireDatabaseUrl } from '../support/bench-app';
import { commandLine } from '../support/command-line';
import { percentile } from '../support/pgbench';
import { runAdminQuery } from '../support/scratch-database';
import { generateAgentDataSet } from './generate';
import type { LoadPlan, ReadFigures } from './load';

const { flag, option } = commandLine();
const databaseUrl = requireDatabaseUrl('agent-reads');
const size = flag('--large') ? { members: 1_000_000, rounds: 10_000_000 } : { members: 100_000, rounds: 2_000_000 };
const calls = Number(option('--calls') ?? 30);
// `--only downlines,transactions`: only the reads whose name contains one of these words.
const only = option('--only')?.split(',');
const reuse = option('--db');
const name = reuse ?? `kismat_agent_${size.members}_${randomBytes(4).toString('hex')}`;
const keep = flag('--keep') || reuse !== undefined;

/** One statement on the maintenance connection (CREATE / DROP DATABASE). */
const admin = (query: string) => runAdminQuery(databaseUrl, query);

const url = new URL(databaseUrl);
url.pathname = `/${name}`;
if (!reuse) await admin(`CREATE DATABASE ${name}`);
// The app's own pool as in production: 10 connections, 15 s statement timeout.
const database = openPostgres({ url: url.toString(), poolMax: 10, connectTimeoutMs: 5000, statementTimeoutMs: 15_000 });
const setupDb = openPostgres({ url: url.toString(), poolMax: 2, connectTimeoutMs: 5000, statementTimeoutMs: 3_600_000 });
const log = (line: string) => console.log(line);
try {
  let started = performance.now();
  await setupDb.migrate();
  log(`migrate: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const db = setupDb.db;
  const now = new Date();
  let found = rowsOf<{ merchant_id: number; main_domain: string; agent_id: number; username: string }>(
    await db.execute(sql`SELECT m.id AS merchant_id, m.main_domain, a.id AS agent_id, a.username
      FROM members a JOIN merchants m ON m.id = a.merchant_id WHERE a.nickname = 'bench-agent' LIMIT 1`),
  )[0];
  const password = 'BenchAgent#2026';
  if (!found) {
    await seedDatabase(db, { demo: false });
    const { merchant } = await createMerchant(db, { utcOffsetMinutes: 360 });
    const { member: agent } = await createMember(db, merchant.id, { type: MEMBER_TYPE.AGENT_1, password });
    await db.execute(sql`UPDATE members SET nickname = 'bench-agent' WHERE id = ${agent.id}`);
    await db.execute(
      sql`INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (${agent.id}, ${agent.id}, 0) ON CONFLICT DO NOTHING`,
    );
    await ensureMemberAccounts(db, { merchantId: merchant.id, memberId: agent.id, currency: merchant.currency });
    log(`generating ${size.members.toLocaleString('en')} members / ${size.rounds.toLocaleString('en')} rounds in ${name}`);
    started = performance.now();
    await generateAgentDataSet(
      url.toString(),
      { merchantId: merchant.id, currency: merchant.currency, agentId: agent.id, now, ...size },
      log,
    );
    log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    found = { merchant_id: merchant.id, main_domain: merchant.mainDomain, agent_id: agent.id, username: agent.username };
  }
  const shape = rowsOf<{ team: number; rounds: number; entries: number }>(
    await db.execute(sql`SELECT (SELECT count(*)::int FROM member_tree WHERE ancestor_id = ${found.agent_id} AND depth >= 1) AS team,
      (SELECT count(*)::int FROM game_rounds) AS rounds, (SELECT count(*)::int FROM ledger_entries) AS entries`),
  )[0];
  log(`data: team ${shape?.team}, rounds ${shape?.rounds}, ledger entries ${shape?.entries}`);

  const app = await buildApp({
    config: testConfig({ DATABASE_URL: url.toString(), DB_POOL_MAX: 10 }),
    database,
    serveWeb: false,
    logger: false,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const host = found.main_domain;
    const token = await new TestClient(app, host).login(found.username, password, { ip: uniqueIp() });
    const pick = rowsOf<{ id: number; username: string }>(
      await db.execute(sql`SELECT m.id, m.username FROM member_tree t JOIN members m ON m.id = t.descendant_id
        WHERE t.ancestor_id = ${found.agent_id} AND t.depth = 3 ORDER BY m.id LIMIT 5`),
    );
    // The first players are bp1..bp5: 3-character keywords, each in 1 of 9 members, all among the
    // oldest (the hard case); the 6-character ones are from the middle of the team (~111 matches each).
    const keywords = pick.map((row) => row.username.slice(0, 6));
    const middle = rowsOf<{ username: string }>(
      await db.execute(sql`SELECT m.username FROM member_tree t JOIN members m ON m.id = t.descendant_id
        WHERE t.ancestor_id = ${found.agent_id} AND t.depth = 3 ORDER BY m.id LIMIT 5 OFFSET ${Math.floor((shape?.team ?? 0) / 2)}`),
    ).map((row) => row.username.slice(0, 6));
    const reads = [
      { name: 'team overview (7 days)', paths: ['/wps/agent/team/overview?preset=LAST_7_DAYS'] },
      { name: 'team overview (today)', paths: ['/wps/agent/team/overview'] },
      { name: 'downlines p1 newest', paths: ['/wps/agent/downlines?pageNo=1&pageSize=20&sort=NEWEST'] },
      { name: 'downlines search', paths: keywords.map((keyword) => `/wps/agent/downlines?pageNo=1&pageSize=20&keyword=${keyword}`) },
      { name: 'downlines search 6 chars', paths: middle.map((keyword) => `/wps/agent/downlines?pageNo=1&pageSize=20&keyword=${keyword}`) },
      { name: 'profit-loss 7 days', paths: ['/wps/agent/reports/profit-loss?preset=LAST_7_DAYS&groupBy=DIRECT&pageSize=20'] },
      { name: 'profit-loss members', paths: ['/wps/agent/reports/profit-loss?preset=LAST_7_DAYS&groupBy=MEMBER&pageSize=20'] },
      { name: 'downline transactions', paths: ['/wps/agent/reports/downline-transactions?preset=LAST_30_DAYS&pageSize=20'] },
      {
        name: 'winner board (240 keys)',
        // Every call another reply key (limit x language x category): 12 boards (language x category) of which
        // each limit is a slice; a board is read once per 10 s, by migration 0059's index (was: every key a sort).
        paths: Array.from(
          { length: 240 },
          (_, index) =>
            `/wps/relay/GCSGAME_getRankList?limitNum=${1 + (index % 20)}&language=${['EN', 'BN', 'SW'][Math.floor(index / 20) % 3]}&gameCategory=${['ALL', 'BGS', 'ELOTT', 'COCKFIGHT'][Math.floor(index / 60) % 4]}`,
        ),
      },
    ];
    // Pool probe: a SELECT 1 on the app's pool every 100 ms while the load runs.
    const waits: number[] = [];
    let probeErrors = 0;
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const at = performance.now();
        try {
          await app.db.execute(sql`SELECT 1`);
          waits.push(performance.now() - at);
        } catch {
          probeErrors += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const chosen = only ? reads.filter((read) => only.some((word) => read.name.includes(word))) : reads;
    const plan: LoadPlan = { address, host, token, sequential: 10, concurrent: 10, calls, reads: chosen };
    const here = path.dirname(fileURLToPath(import.meta.url));
    // A process of its own (async: this process serves the app meanwhile).
    const { stdout: output } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'load.ts'), JSON.stringify(plan)],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    );
    probing = false;
    await probe;
    const figures = JSON.parse(output.trim().split('\n').pop() ?? '[]') as ReadFigures[];

    // The settlement read: every agent's team for one day, as the daily-salary job reads it.
    const agents = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = ${found.agent_id} AND depth BETWEEN 0 AND 2`),
    );
    const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000 - 86_400_000);
    started = performance.now();
    await readTeamPerformances(
      db,
      agents.map((agent) => ({
        key: agent.id,
        rootMemberId: agent.id,
        from: day,
        to: new Date(day.getTime() + 86_400_000),
        activeMemberMinBet: 1000n,
      })),
    );
    const settlementMs = performance.now() - started;

    waits.sort((a, b) => a - b);
    const f = (value: number) => value.toFixed(0).padStart(6);
    console.log(
      `\nagent reads, team ${shape?.team?.toLocaleString('en')}, rounds ${shape?.rounds?.toLocaleString('en')} (${new Date().toISOString()})`,
    );
    console.log('read                       | seq p50 | seq p95 | 10x p50 | 10x p95 | errors');
    for (const read of figures) {
      console.log(
        `${read.name.padEnd(26)} | ${f(read.sequential.p50)}  | ${f(read.sequential.p95)}  | ${f(read.concurrent.p50)}  | ${f(read.concurrent.p95)}  | ${read.sequential.errors + read.concurrent.errors}/${10 + read.concurrent.calls}${read.sample ? `  e.g. ${read.sample.slice(0, 120)}` : ''}`,
      );
    }
    console.log(`settlement read (${agents.length} teams, one day, in process): ${settlementMs.toFixed(0)} ms`);
    console.log(
      `pool probe during the load (SELECT 1 on the app pool): p50 ${percentile(waits, 0.5).toFixed(1)} ms, max ${(waits.at(-1) ?? 0).toFixed(0)} ms, ${probeErrors} failed`,
    );
  } finally {
    await app.close();
  }
} finally {
  await setupDb.close();
  await database.close().catch(() => undefined);
  if (keep) console.log(`kept database ${name} (rerun with --db ${name}; drop it with: dropdb ${name})`);
  else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

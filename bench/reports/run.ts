/**
 * Reports at scale (issue 19 item 3): a merchant's month of 10,000,000 settled rounds (`--rounds N`
 * for another size), 100,000 players and 300,000 deposits with their withdrawals and bonuses,
 * generated set-based on a scratch database (generate.ts, minutes), then:
 *   1. the fold's catch-up: the whole month from an empty report_hourly (rounds and hours per second);
 *   2. the daily report (readReport, one local day, by game and channel) on folded hours, the same
 *      day read live from the base tables (nothing folded), "today" half folded half live, the
 *      whole month, and the dashboard, each timed over several calls (p50 / max).
 * The scratch database is dropped at the end unless `--keep`.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/reports/run.ts [--rounds 10000000] [--keep]
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { foldMerchantReports, readDashboard, readReport, rewindReportWatermark } from '../../apps/server/src/modules/reports/index';
import { openAccount } from '../../apps/server/src/modules/wallet/index';
import { openPostgres } from '../../apps/server/src/platform/db';
import { rowsOf } from '../../apps/server/src/platform/sql-values';
import { seedDatabase } from '../../apps/server/src/seed/seed';
import { createMerchant } from '../../apps/server/src/test/factories';
import { requireDatabaseUrl } from '../support/bench-app';
import { commandLine } from '../support/command-line';
import { runAdminQuery } from '../support/scratch-database';
import { generateMonth } from './generate';

const { args, option } = commandLine();
const databaseUrl = requireDatabaseUrl('reports');
const rounds = Number(option('--rounds') ?? 10_000_000);
const keep = args.includes('--keep');
const name = `kismat_reports_${randomBytes(4).toString('hex')}`;
const OFFSET = 360;
const DAYS = 30;
const FIRST_DAY = '2026-09-01';

const url = new URL(databaseUrl);
url.pathname = `/${name}`;
await runAdminQuery(databaseUrl, `CREATE DATABASE ${name}`);
const database = openPostgres({ url: url.toString(), poolMax: 4, connectTimeoutMs: 5000, statementTimeoutMs: 3_600_000 });
const log = (line: string) => console.log(line);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
try {
  await database.migrate();
  const db = database.db;
  await seedDatabase(db, { demo: false });
  const { merchant } = await createMerchant(db, { utcOffsetMinutes: OFFSET });
  const system = async (code: 'CASHIER_CLEARING' | 'PROMOTION_COST', subkey = '') =>
    (await openAccount(db, { merchantId: merchant.id, code, currency: merchant.currency, subkey })).id;
  const clearing = { bkash: await system('CASHIER_CLEARING', 'bkash'), nagad: await system('CASHIER_CLEARING', 'nagad') };
  const promotion = await system('PROMOTION_COST');
  const from = new Date(Date.parse(`${FIRST_DAY}T00:00:00Z`) - OFFSET * 60_000);
  log(`generating ${rounds.toLocaleString('en')} rounds over ${DAYS} days in ${name}`);
  let started = performance.now();
  await generateMonth(
    url.toString(),
    { merchantId: merchant.id, from, days: DAYS, clearing, promotion, members: 100_000, rounds, deposits: 300_000 },
    log,
  );
  log(`generated in ${seconds(started)} s`);

  const monthEnd = new Date(from.getTime() + DAYS * 86_400_000);
  const lastDay = '2026-09-30';
  const timed = async (label: string, runs: number, call: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const t0 = performance.now();
      await call();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    log(`  ${label}: p50 ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms (${runs} calls)`);
  };
  const report = (day: string, to: string, now: Date) => () =>
    readReport(db, { merchantId: merchant.id, offsetMinutes: OFFSET, from: day, to, by: 'day', now, language: 'EN' });

  log('before any fold (every hour read live from the base tables):');
  const afterMonth = new Date(monthEnd.getTime() + 86_400_000);
  await timed(`one day live (${lastDay})`, 3, report(lastDay, lastDay, afterMonth));

  log('catch-up: fold the whole month');
  await rewindReportWatermark(db, merchant.id, from);
  started = performance.now();
  const fold = await foldMerchantReports(db, merchant.id, afterMonth);
  const foldSeconds = (performance.now() - started) / 1000;
  log(
    `  ${fold.hours} hours in ${foldSeconds.toFixed(1)} s: ${(rounds / foldSeconds).toFixed(0)} rounds/s, ${(fold.hours / foldSeconds).toFixed(1)} hours/s`,
  );
  const [shape] = rowsOf<{ hourly: number; days: number }>(
    await db.execute(
      sql`SELECT (SELECT count(*)::int FROM report_hourly) AS hourly, (SELECT count(*)::int FROM report_member_days) AS days`,
    ),
  );
  log(`  report_hourly ${shape?.hourly} rows, report_member_days ${shape?.days} rows`);

  log('reads on folded hours:');
  await timed(`daily report (${lastDay})`, 10, report(lastDay, lastDay, afterMonth));
  await timed('month report (30 days by day)', 5, report(FIRST_DAY, lastDay, afterMonth));
  const midLastDay = new Date(monthEnd.getTime() - 12 * 3_600_000);
  log('"today" = the last day at 12:00 local, folded up to 11:00 (the last hour read live):');
  await rewindReportWatermark(db, merchant.id, new Date(midLastDay.getTime() - 3_600_000));
  await foldMerchantReports(db, merchant.id, midLastDay);
  await timed('daily report of today', 10, report(lastDay, lastDay, midLastDay));
  await timed('dashboard (today against yesterday)', 10, () =>
    readDashboard(db, { merchantId: merchant.id, offsetMinutes: OFFSET, now: midLastDay }),
  );
} finally {
  await database.close();
  if (!keep) {
    await runAdminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    log(`dropped ${name}`);
  } else log(`kept ${name}`);
}

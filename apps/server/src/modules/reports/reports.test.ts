import { OPERATOR_REPORT_PATHS, type ReportValue } from '@kismat/contracts/reports';
import { parseAmount } from '@kismat/contracts/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportHourly } from '../../db/schema/reports';
import { rowsOf, toBigInt } from '../../platform/sql-values';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant, TestClient, type TestMerchant } from '../../test/factories';
import { foldMerchantReports, readDashboard, readReport, rewindReportWatermark } from './index';
import { localDayStart } from './local-time';
import { type GeneratedMonth, generateMonthOfPlay, ledgerSums } from './reports-test-kit';

/*
 * Reports (issue 19 item 3) on Postgres: a generated month of play (every movement a real ledger
 * transfer, every round a settled game_rounds row) for a +05:45 merchant (local hours start at
 * :15 UTC). The report's totals equal the ledger's sums; folded, half-folded and live reads agree;
 * folding again or re-deriving changes nothing; periods, channels, games and member counts add up.
 */

const ROOT_TOKEN = 'reports-root-operator-token-0123456789';
const OFFSET = 345;
const FROM_DAY = '2026-09-01';
const TO_DAY = '2026-09-30';
let t: TestApp;
let site: TestMerchant;
let month: GeneratedMonth;
const NOW = new Date('2026-10-03T12:00:00Z');

const read = (by: 'day' | 'week' | 'month' = 'day') =>
  readReport(t.app.db, { merchantId: site.merchant.id, offsetMinutes: OFFSET, from: FROM_DAY, to: TO_DAY, by, now: NOW, language: 'EN' });
const minor = (value: string) => parseAmount(value, { allowNegative: true, allowZero: true });

beforeAll(async () => {
  t = await buildTestApp({ config: { OPERATOR_TOKEN: ROOT_TOKEN } });
  site = await createMerchant(t.app.db, { utcOffsetMinutes: OFFSET });
  month = await generateMonthOfPlay(t.app.db, {
    merchantId: site.merchant.id,
    currency: site.merchant.currency,
    from: localDayStart(FROM_DAY, OFFSET),
    days: 30,
    seed: 19,
    players: 14,
  });
}, 120_000);
afterAll(async () => t?.close());

describe('reports reconcile with the ledger', () => {
  let live: ReportValue;

  it('reads the month live (nothing folded yet) and its totals equal the ledger sums', async () => {
    live = await read();
    expect(live.derivedUntil).toBeNull();
    const ledger = await ledgerSums(t.app.db, site.merchant.id, month.from, month.to);
    expect(ledger.stakes).toBeGreaterThan(0n);
    expect(minor(live.totals.deposits)).toBe(ledger.deposits);
    expect(BigInt(live.totals.depositCount)).toBe(ledger.depositCount);
    expect(minor(live.totals.withdrawals)).toBe(ledger.withdrawals);
    expect(BigInt(live.totals.withdrawalCount)).toBe(ledger.withdrawalCount);
    expect(minor(live.totals.bets)).toBe(ledger.stakes);
    expect(minor(live.totals.wins)).toBe(ledger.wins);
    expect(minor(live.totals.bonuses)).toBe(ledger.bonuses);
    expect(minor(live.totals.commissions)).toBe(ledger.commissions);
    expect(minor(live.totals.ggr)).toBe((ledger.stakes ?? 0n) - (ledger.wins ?? 0n));
    expect(minor(live.totals.ngr)).toBe((ledger.stakes ?? 0n) - (ledger.wins ?? 0n) - (ledger.bonuses ?? 0n));
  });

  it('half folded, fully folded, folded twice and re-derived: the same report, and hourly rows stay put', async () => {
    await rewindReportWatermark(t.app.db, site.merchant.id, month.from);
    const half = await foldMerchantReports(t.app.db, site.merchant.id, NOW, 10);
    expect(half.hours).toBe(60);
    expect(await read()).toEqual({ ...live, derivedUntil: half.derivedUntil?.toISOString() });
    const full = await foldMerchantReports(t.app.db, site.merchant.id, NOW);
    const folded = await read();
    expect(folded).toEqual({ ...live, derivedUntil: full.derivedUntil?.toISOString() });
    const rowsBefore = rowsOf(
      await t.app.db.execute(sql`SELECT * FROM ${reportHourly} WHERE merchant_id = ${site.merchant.id} ORDER BY 1, 2, 3, 4, 5, 6`),
    );
    expect((await foldMerchantReports(t.app.db, site.merchant.id, NOW)).hours).toBe(0);
    await rewindReportWatermark(t.app.db, site.merchant.id, new Date(month.from.getTime() + 5 * 86_400_000));
    await foldMerchantReports(t.app.db, site.merchant.id, NOW);
    const rowsAfter = rowsOf(
      await t.app.db.execute(sql`SELECT * FROM ${reportHourly} WHERE merchant_id = ${site.merchant.id} ORDER BY 1, 2, 3, 4, 5, 6`),
    );
    expect(rowsAfter).toEqual(rowsBefore);
    expect(await read()).toEqual(folded);
  });

  it('two runners at once fold each hour once', async () => {
    await rewindReportWatermark(t.app.db, site.merchant.id, month.from);
    const before = await read();
    const [a, b] = await Promise.all([
      foldMerchantReports(t.app.db, site.merchant.id, NOW),
      foldMerchantReports(t.app.db, site.merchant.id, NOW),
    ]);
    // Every hour from the rewound watermark to where the fold stopped, folded by exactly one of them: on
    // PostgreSQL the second usually finds the watermark locked and skips; on PGlite's one connection the
    // two take turns batch by batch. Either way the hours add up to the window, never more.
    const end = Math.max(...[a?.derivedUntil, b?.derivedUntil].map((until) => (until ? new Date(until).getTime() : 0)));
    expect(end).toBeGreaterThanOrEqual(month.to.getTime());
    expect((a?.hours ?? 0) + (b?.hours ?? 0)).toBe((end - month.from.getTime()) / 3_600_000);
    expect({ ...(await read()), derivedUntil: null }).toEqual({ ...before, derivedUntil: null });
  });
});

describe('each report', () => {
  it('days, weeks and the month add up to the same totals; channels and games add up to deposits and bets', async () => {
    const [byDay, byWeek, byMonth] = [await read('day'), await read('week'), await read('month')];
    expect(byDay.periods).toHaveLength(30);
    expect(byMonth.periods.map((row) => row.period)).toEqual(['2026-09-01']);
    expect(byWeek.periods[0]?.period).toBe('2026-08-31'); // the Monday of the week holding 1 September
    for (const report of [byDay, byWeek, byMonth]) {
      const sum = (key: 'deposits' | 'bets' | 'withdrawals') => report.periods.reduce((total, row) => total + minor(row[key]), 0n);
      expect(sum('deposits')).toBe(minor(report.totals.deposits));
      expect(sum('bets')).toBe(minor(report.totals.bets));
      expect(sum('withdrawals')).toBe(minor(report.totals.withdrawals));
    }
    expect(byDay.channels.map((row) => row.channel).sort()).toEqual(['bkash', 'nagad']);
    expect(byDay.channels.reduce((total, row) => total + minor(row.deposits), 0n)).toBe(minor(byDay.totals.deposits));
    expect(byDay.games.reduce((total, row) => total + minor(row.bets), 0n)).toBe(minor(byDay.totals.bets));
    expect(byDay.games.every((row) => row.gameName.length > 0 && row.vendorCode.length > 0)).toBe(true);
  });

  it('counts new, active and depositing members and first-time depositors as the base tables say', async () => {
    const report = await read('month');
    const [direct] = rowsOf<{ joined: unknown; active: unknown; depositing: unknown }>(
      await t.app.db.execute(sql`SELECT
        (SELECT count(*) FROM members WHERE merchant_id = ${site.merchant.id} AND created_at >= ${month.from.toISOString()}::timestamptz AND created_at < ${month.to.toISOString()}::timestamptz) AS joined,
        (SELECT count(DISTINCT member_id) FROM game_rounds WHERE merchant_id = ${site.merchant.id}) AS active,
        (SELECT count(DISTINCT a.owner_member_id) FROM ledger_transfers tr JOIN ledger_entries e ON e.transfer_id = tr.id
           JOIN ledger_accounts a ON a.id = e.account_id WHERE tr.merchant_id = ${site.merchant.id} AND tr.type = 'deposit' AND a.owner_member_id IS NOT NULL) AS depositing`),
    );
    expect(report.totals.newMembers).toBe(Number(toBigInt(direct?.joined)));
    expect(report.totals.newMembers).toBe(month.memberIds.length);
    expect(report.totals.activeMembers).toBe(Number(toBigInt(direct?.active)));
    expect(report.totals.depositingMembers).toBe(Number(toBigInt(direct?.depositing)));
    // Everyone's first deposit falls inside the generated month.
    expect(report.totals.firstDepositors).toBe(report.totals.depositingMembers);
    const byDay = await read('day');
    expect(byDay.periods.reduce((total, row) => total + row.firstDepositors, 0)).toBe(report.totals.firstDepositors);
    expect(Math.max(...byDay.periods.map((row) => row.activeMembers))).toBeLessThanOrEqual(report.totals.activeMembers);
  });

  it('the dashboard puts today against yesterday in local days', async () => {
    const dashboard = await readDashboard(t.app.db, {
      merchantId: site.merchant.id,
      offsetMinutes: OFFSET,
      now: new Date('2026-09-30T12:00:00Z'),
    });
    expect(dashboard.today).toBe('2026-09-30');
    expect(dashboard.yesterday).toBe('2026-09-29');
    const day29 = await readReport(t.app.db, {
      merchantId: site.merchant.id,
      offsetMinutes: OFFSET,
      from: '2026-09-29',
      to: '2026-09-29',
      by: 'day',
      now: NOW,
      language: 'EN',
    });
    expect(dashboard.yesterdayTotals).toEqual(day29.totals);
    expect(dashboard.hours).toHaveLength(24);
    expect(dashboard.hours.reduce((total, hour) => total + minor(hour.yesterdayBets), 0n)).toBe(minor(day29.totals.bets));
  });
});

describe('report routes', () => {
  let client: TestClient;
  beforeAll(() => {
    client = new TestClient(t.app, site.host);
  });
  const url = (path: string, query: string) => `${path.replace(':code', site.merchant.code)}?${query}`;

  it('answers the report and the CSV (BOM, header, total equal to the report) to the root operator', async () => {
    const auth = { headers: { authorization: `Bearer ${ROOT_TOKEN}` } };
    const json = await client.call('GET', url(OPERATOR_REPORT_PATHS.report, `from=${FROM_DAY}&to=${TO_DAY}&by=week`), auth);
    expect(json.statusCode).toBe(200);
    const report = json.json().value as ReportValue;
    const csv = await client.call('GET', url(OPERATOR_REPORT_PATHS.export, `from=${FROM_DAY}&to=${TO_DAY}&by=week&view=periods`), auth);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body.startsWith('\uFEFFperiod,depositCount,deposits,')).toBe(true);
    const total = csv.body.trim().split('\r\n').at(-1)?.split(',');
    expect(total?.[0]).toBe('TOTAL');
    expect(total?.[2]).toBe(report.totals.deposits);
  });

  it('refuses without a token, and a bad or reversed range with a clear error', async () => {
    expect((await client.call('GET', url(OPERATOR_REPORT_PATHS.report, `from=${FROM_DAY}&to=${TO_DAY}`))).statusCode).toBe(401);
    const auth = { headers: { authorization: `Bearer ${ROOT_TOKEN}` } };
    const reversed = await client.call('GET', url(OPERATOR_REPORT_PATHS.report, `from=${TO_DAY}&to=${FROM_DAY}`), auth);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().code).toBe('VALIDATION_FAILED');
    const wide = await client.call('GET', url(OPERATOR_REPORT_PATHS.report, 'from=2020-01-01&to=2026-01-01'), auth);
    expect(wide.statusCode).toBe(422);
  });
});

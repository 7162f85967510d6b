import type { DashboardValue, ReportBucket, ReportChannelRow, ReportFigures, ReportGameRow, ReportValue } from '@kismat/contracts/reports';
import { formatAmount } from '@kismat/contracts/wallet';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';
import { gameFieldsSql, vendorFieldsSql } from '../catalogue/index';
import { localDayOf, localDayStart, nextDay } from './local-time';
import { type MemberCounts, type ReportRow, type ReportSums, readReportRows } from './read-report-rows';

/*
 * The reports the back office shows (contracts/reports.ts): totals, one row per day/week/month,
 * the cashier channels and the games, all from readReportRows. GGR = bets - wins;
 * NGR = GGR - bonuses (the net promotion cost).
 */

const SUM_KEYS = [
  'rounds',
  'bets',
  'wins',
  'depositCount',
  'deposits',
  'firstDepositCount',
  'withdrawalCount',
  'withdrawals',
  'bonuses',
  'commissions',
  'newMembers',
] as const;

function zero(): ReportSums {
  return {
    rounds: 0n,
    bets: 0n,
    wins: 0n,
    depositCount: 0n,
    deposits: 0n,
    firstDepositCount: 0n,
    withdrawalCount: 0n,
    withdrawals: 0n,
    bonuses: 0n,
    commissions: 0n,
    newMembers: 0n,
  };
}

function add(into: ReportSums, row: ReportRow): void {
  for (const key of SUM_KEYS) into[key] += row[key];
}

export function figuresOf(sums: ReportSums, members: MemberCounts | undefined): ReportFigures {
  const ggr = sums.bets - sums.wins;
  return {
    depositCount: Number(sums.depositCount),
    deposits: formatAmount(sums.deposits),
    withdrawalCount: Number(sums.withdrawalCount),
    withdrawals: formatAmount(sums.withdrawals),
    rounds: Number(sums.rounds),
    bets: formatAmount(sums.bets),
    wins: formatAmount(sums.wins),
    ggr: formatAmount(ggr),
    bonuses: formatAmount(sums.bonuses),
    ngr: formatAmount(ggr - sums.bonuses),
    commissions: formatAmount(sums.commissions),
    newMembers: Number(sums.newMembers),
    firstDepositors: Number(sums.firstDepositCount),
    activeMembers: members?.active ?? 0,
    depositingMembers: members?.depositing ?? 0,
  };
}

async function gameNames(db: DbOrTx, gameIds: number[], vendorIds: number[], language: string) {
  const games = new Map<number, { code: string; name: string }>();
  const vendors = new Map<number, { code: string; name: string }>();
  if (gameIds.length > 0) {
    const id = sql`g.id`;
    const fields = gameFieldsSql(id, language);
    const rows = rowsOf<{ id: number; code: string | null; name: string | null }>(
      await db.execute(
        sql`SELECT g.id, ${fields.code} AS code, ${fields.name} AS name FROM unnest(${sql.raw(`ARRAY[${gameIds.map(Number).join(',')}]::int[]`)}) AS g(id)`,
      ),
    );
    for (const row of rows) games.set(Number(row.id), { code: row.code ?? String(row.id), name: row.name ?? String(row.id) });
  }
  if (vendorIds.length > 0) {
    const fields = vendorFieldsSql(sql`v.id`);
    const rows = rowsOf<{ id: number; code: string | null; name: string | null }>(
      await db.execute(
        sql`SELECT v.id, ${fields.code} AS code, ${fields.name} AS name FROM unnest(${sql.raw(`ARRAY[${vendorIds.map(Number).join(',')}]::int[]`)}) AS v(id)`,
      ),
    );
    for (const row of rows) vendors.set(Number(row.id), { code: row.code ?? String(row.id), name: row.name ?? String(row.id) });
  }
  return { games, vendors };
}

export interface ReportInput {
  merchantId: number;
  offsetMinutes: number;
  from: string;
  to: string;
  by: ReportBucket;
  now: Date;
  language: string;
}

/** The report of local days [from, to] (inclusive), bucketed by day, week or month. */
export async function readReport(db: DbOrTx, input: ReportInput): Promise<ReportValue> {
  const read = await readReportRows(db, {
    merchantId: input.merchantId,
    offsetMinutes: input.offsetMinutes,
    from: localDayStart(input.from, input.offsetMinutes),
    to: localDayStart(nextDay(input.to), input.offsetMinutes),
    bucket: input.by,
    now: input.now,
  });
  const totals = zero();
  const periods = new Map<string, ReportSums>();
  const channels = new Map<string, ReportSums>();
  const games = new Map<string, ReportSums & { gameType: string; vendorId: number; gameId: number }>();
  for (const row of read.rows) {
    add(totals, row);
    const period = periods.get(row.period) ?? zero();
    add(period, row);
    periods.set(row.period, period);
    if (row.gameId !== 0) {
      const key = `${row.gameType}|${row.vendorId}|${row.gameId}`;
      const game = games.get(key) ?? { ...zero(), gameType: row.gameType, vendorId: row.vendorId, gameId: row.gameId };
      add(game, row);
      games.set(key, game);
    } else if (row.channel !== '') {
      const channel = channels.get(row.channel) ?? zero();
      add(channel, row);
      channels.set(row.channel, channel);
    }
  }
  const names = await gameNames(
    db,
    [...new Set([...games.values()].map((game) => game.gameId))],
    [...new Set([...games.values()].map((game) => game.vendorId))],
    input.language,
  );
  const channelRows: ReportChannelRow[] = [...channels.entries()].map(([channel, sums]) => ({
    channel,
    depositCount: Number(sums.depositCount),
    deposits: formatAmount(sums.deposits),
    withdrawalCount: Number(sums.withdrawalCount),
    withdrawals: formatAmount(sums.withdrawals),
  }));
  const gameRows: ReportGameRow[] = [...games.values()]
    .sort((a, b) => (b.bets - b.wins > a.bets - a.wins ? 1 : b.bets - b.wins < a.bets - a.wins ? -1 : a.gameId - b.gameId))
    .map((game) => ({
      gameType: game.gameType,
      vendorCode: names.vendors.get(game.vendorId)?.code ?? String(game.vendorId),
      vendorName: names.vendors.get(game.vendorId)?.name ?? String(game.vendorId),
      gameCode: names.games.get(game.gameId)?.code ?? String(game.gameId),
      gameName: names.games.get(game.gameId)?.name ?? String(game.gameId),
      rounds: Number(game.rounds),
      bets: formatAmount(game.bets),
      wins: formatAmount(game.wins),
      ggr: formatAmount(game.bets - game.wins),
    }));
  return {
    from: input.from,
    to: input.to,
    by: input.by,
    utcOffsetMinutes: input.offsetMinutes,
    derivedUntil: read.derivedUntil?.toISOString() ?? null,
    totals: figuresOf(totals, read.members.get('')),
    periods: [...periods.entries()].map(([period, sums]) => ({ period, ...figuresOf(sums, read.members.get(period)) })),
    channels: channelRows,
    games: gameRows,
  };
}

/** Today so far against the whole of yesterday (local days), with bets and GGR per local hour. */
export async function readDashboard(db: DbOrTx, input: { merchantId: number; offsetMinutes: number; now: Date }): Promise<DashboardValue> {
  const today = localDayOf(input.now, input.offsetMinutes);
  const yesterday = localDayOf(new Date(localDayStart(today, input.offsetMinutes).getTime() - 1), input.offsetMinutes);
  const read = await readReportRows(db, {
    merchantId: input.merchantId,
    offsetMinutes: input.offsetMinutes,
    from: localDayStart(yesterday, input.offsetMinutes),
    to: localDayStart(nextDay(today), input.offsetMinutes),
    bucket: 'hour',
    now: input.now,
  });
  const byDay = new Map<string, ReportSums>([
    [today, zero()],
    [yesterday, zero()],
  ]);
  const hours = Array.from({ length: 24 }, () => ({ today: zero(), yesterday: zero() }));
  for (const row of read.rows) {
    const day = row.period.slice(0, 10);
    const hour = Number(row.period.slice(11, 13));
    const sums = byDay.get(day);
    if (!sums) continue;
    add(sums, row);
    const slot = hours[hour];
    if (slot) add(day === today ? slot.today : slot.yesterday, row);
  }
  return {
    today,
    yesterday,
    utcOffsetMinutes: input.offsetMinutes,
    todayTotals: figuresOf(byDay.get(today) ?? zero(), read.members.get(today)),
    yesterdayTotals: figuresOf(byDay.get(yesterday) ?? zero(), read.members.get(yesterday)),
    hours: hours.map((slot, hour) => ({
      hour,
      todayBets: formatAmount(slot.today.bets),
      yesterdayBets: formatAmount(slot.yesterday.bets),
      todayGgr: formatAmount(slot.today.bets - slot.today.wins),
      yesterdayGgr: formatAmount(slot.yesterday.bets - slot.yesterday.wins),
    })),
  };
}

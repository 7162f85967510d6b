import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import { formatAmount } from '@kismat/contracts/wallet';
import { asc, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../../platform/sql-values';
import { vendorFieldsSql } from '../catalogue/index';
import { presentTotals, type RecordFilter, recordConditions } from './list-betting-records';

const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);

/** The member's personal profit and loss (served by the betting-records module): stakes, payouts and profit per game type and vendor, with totals. */
export async function getPersonalProfit(db: DbOrTx, filter: RecordFilter) {
  // Grouped by the round's vendor id; its code and name are the catalogue's (scalar SQL from its face).
  const vendor = vendorFieldsSql(gameRounds.vendorId);
  const rows = await db
    .select({
      gameType: gameRounds.gameType,
      vendorCode: vendor.code,
      vendorName: vendor.name,
      rounds: sql<number>`count(*)`,
      bet: sql<string>`sum(${gameRounds.betTotal})`,
      payout: sql<string>`sum(${gameRounds.payoutTotal})`,
    })
    .from(gameRounds)
    .where(recordConditions(filter))
    .groupBy(gameRounds.gameType, gameRounds.vendorId)
    .orderBy(asc(gameRounds.gameType), asc(vendor.code));
  let bet = 0n;
  let payout = 0n;
  let rounds = 0;
  const list = rows.map((row) => {
    const rowBet = toBigInt(row.bet);
    const rowPayout = toBigInt(row.payout);
    bet += rowBet;
    payout += rowPayout;
    rounds += Number(row.rounds);
    return {
      gameType: isCategory(row.gameType) ? row.gameType : ('RNG' as const),
      vassalage: row.vendorCode,
      vendorName: row.vendorName,
      rounds: Number(row.rounds),
      betAmount: formatAmount(rowBet),
      payout: formatAmount(rowPayout),
      profit: formatAmount(rowPayout - rowBet),
    };
  });
  return { list, totals: presentTotals({ rounds, bet, payout }) };
}

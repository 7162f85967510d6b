import type { BettingRecordItem } from '@kismat/contracts/betting-records';
import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';
import { toBigInt } from '../../platform/sql-values';
import { gameFieldsSql, vendorFieldsSql, vendorIdByCodeSql } from '../catalogue/index';

export interface RecordFilter {
  merchantId: number;
  memberId: number;
  from: Date;
  to: Date;
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
}

export function recordConditions(filter: RecordFilter): SQL {
  return and(
    eq(gameRounds.merchantId, filter.merchantId),
    eq(gameRounds.memberId, filter.memberId),
    // Free-trial (play money) rounds are not betting records.
    eq(gameRounds.isTrial, false),
    gte(gameRounds.openedAt, filter.from),
    lt(gameRounds.openedAt, filter.to),
    filter.gameType ? eq(gameRounds.gameType, filter.gameType) : undefined,
    filter.vassalage ? eq(gameRounds.vendorId, vendorIdByCodeSql(filter.vassalage)) : undefined,
  ) as SQL;
}

export function presentTotals(row: { rounds: unknown; bet: unknown; payout: unknown } | undefined) {
  const bet = toBigInt(row?.bet ?? 0);
  const payout = toBigInt(row?.payout ?? 0);
  return {
    rounds: Number(row?.rounds ?? 0),
    betAmount: formatAmount(bet),
    payout: formatAmount(payout),
    profit: formatAmount(payout - bet),
  };
}

const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);

/**
 * The member's betting record (the betting-records module serves it; the rounds are this module's): one row per round (newest first) with totals over the whole range.
 * In-house play is here too, under the in-house vendor: each settled slot spin, and each drawn
 * lottery issue as one round of the member's tickets in it (house-games record-house-game-rounds.ts).
 */
export async function listBettingRecords(
  db: DbOrTx,
  filter: RecordFilter & { language: Language; pageNo: number; pageSize: number },
): Promise<{ list: BettingRecordItem[]; total: number; totals: ReturnType<typeof presentTotals> }> {
  const where = recordConditions(filter);
  // The rounds are this module's; the vendor's and the game's names the catalogue's (scalar SQL from its face).
  const vendor = vendorFieldsSql(gameRounds.vendorId);
  const game = gameFieldsSql(gameRounds.gameId, filter.language);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: gameRounds.id,
        vendorRoundId: gameRounds.vendorRoundId,
        vendorCode: vendor.code,
        vendorName: vendor.name,
        gameType: gameRounds.gameType,
        gameCode: game.code,
        gameName: game.name,
        gameId: gameRounds.gameId,
        status: gameRounds.status,
        betTotal: gameRounds.betTotal,
        payoutTotal: gameRounds.payoutTotal,
        openedAt: gameRounds.openedAt,
        closedAt: gameRounds.closedAt,
      })
      .from(gameRounds)
      .where(where)
      .orderBy(desc(gameRounds.openedAt), desc(gameRounds.id))
      .limit(filter.pageSize)
      .offset((filter.pageNo - 1) * filter.pageSize),
    db
      .select({
        rounds: sql<number>`count(*)`,
        bet: sql<string>`coalesce(sum(${gameRounds.betTotal}), 0)`,
        payout: sql<string>`coalesce(sum(${gameRounds.payoutTotal}), 0)`,
      })
      .from(gameRounds)
      .where(where),
  ]);
  return {
    list: rows.map((row) => ({
      roundId: row.vendorRoundId,
      vassalage: row.vendorCode,
      vendorName: row.vendorName,
      gameType: isCategory(row.gameType) ? row.gameType : 'RNG',
      gameCode: row.gameCode,
      gameName: row.gameName,
      nodeId: row.gameId,
      status: row.status === 'CLOSED' ? 'CLOSED' : 'OPEN',
      betAmount: formatAmount(row.betTotal),
      payout: formatAmount(row.payoutTotal),
      profit: formatAmount(row.payoutTotal - row.betTotal),
      betTime: row.openedAt.toISOString(),
      settleTime: row.closedAt?.toISOString() ?? null,
    })),
    total: Number(totals?.rounds ?? 0),
    totals: presentTotals(totals),
  };
}

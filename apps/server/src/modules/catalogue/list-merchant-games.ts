import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import type { OperatorGame } from '@kismat/contracts/operator-catalogue';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { games, merchantGames, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';
import { containsPattern } from '../../platform/like-pattern';

const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);

export interface MerchantGamesFilter {
  merchantId: number;
  nodeId?: number | undefined;
  vassalage?: string | undefined;
  gameType?: GameCategory | undefined;
  /** Part of the name or code, any case. */
  search?: string | undefined;
  pageNo: number;
  pageSize: number;
}

/** Games with the catalogue's values and this merchant's settings over them, for operators. */
export async function listMerchantGames(db: DbOrTx, filter: MerchantGamesFilter): Promise<{ list: OperatorGame[]; total: number }> {
  const rows = await db
    .select({
      id: games.id,
      gameCode: games.gameCode,
      gameName: games.gameName,
      category: games.category,
      status: games.status,
      isHot: games.isHot,
      isNew: games.isNew,
      sort: games.sort,
      vendorCode: vendors.code,
      isEnabled: merchantGames.isEnabled,
      isMaintenance: merchantGames.isMaintenance,
      maintenanceEnd: merchantGames.maintenanceEnd,
      overrideHot: merchantGames.isHot,
      overrideNew: merchantGames.isNew,
      overrideSort: merchantGames.sort,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .leftJoin(merchantGames, and(eq(merchantGames.gameId, games.id), eq(merchantGames.merchantId, filter.merchantId)))
    .where(
      and(
        filter.nodeId === undefined ? undefined : eq(games.id, filter.nodeId),
        filter.vassalage ? eq(vendors.code, filter.vassalage.toUpperCase()) : undefined,
        filter.gameType ? eq(games.category, filter.gameType) : undefined,
        filter.search
          ? or(ilike(games.gameName, containsPattern(filter.search)), ilike(games.gameCode, containsPattern(filter.search)))
          : undefined,
      ),
    )
    .orderBy(asc(vendors.code), asc(games.category), asc(games.sort), asc(games.id))
    .limit(filter.pageSize)
    .offset((filter.pageNo - 1) * filter.pageSize);
  const list = rows.flatMap((row): OperatorGame[] =>
    isCategory(row.category)
      ? [
          {
            nodeId: row.id,
            gameCode: row.gameCode,
            gameName: row.gameName,
            vassalage: row.vendorCode,
            gameType: row.category,
            status: row.status,
            isEnabled: row.isEnabled ?? true,
            isMaintenance: row.isMaintenance ?? false,
            maintenanceEnd: row.maintenanceEnd?.toISOString() ?? null,
            isHot: row.overrideHot ?? row.isHot,
            isNew: row.overrideNew ?? row.isNew,
            sort: row.overrideSort ?? row.sort,
            overrides: { isHot: row.overrideHot, isNew: row.overrideNew, sort: row.overrideSort },
          },
        ]
      : [],
  );
  return { list, total: rows[0]?.total ?? 0 };
}

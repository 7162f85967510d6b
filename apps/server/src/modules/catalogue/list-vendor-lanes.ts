import type { VendorCard, VendorLane } from '@kismat/contracts/catalogue';
import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';
import { isCategory, isVendorInMaintenance, vendorLaneColumns } from './get-game-menus';

export interface VendorLaneRow extends VendorCard {
  sort: number;
}

/** Every enabled vendor lane of the merchant with its number of offered games, in lane order. */
export async function listVendorCards(db: DbOrTx, merchantId: number, now: Date): Promise<VendorLaneRow[]> {
  const laneSort = sql<number>`coalesce(${merchantVendorCategories.sort}, ${vendorCategories.sort})`.mapWith(Number);
  const rows = await db
    .select({
      ...vendorLaneColumns(),
      // Games the merchant switched off are not counted.
      gameCount: sql<number>`count(${games.id}) filter (where coalesce(${merchantGames.isEnabled}, true))`.mapWith(Number),
    })
    .from(merchantVendorCategories)
    .innerJoin(vendorCategories, eq(vendorCategories.id, merchantVendorCategories.vendorCategoryId))
    .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
    .leftJoin(
      games,
      and(eq(games.vendorId, vendorCategories.vendorId), eq(games.category, vendorCategories.category), ne(games.status, 'DISABLED')),
    )
    .leftJoin(merchantGames, and(eq(merchantGames.gameId, games.id), eq(merchantGames.merchantId, merchantVendorCategories.merchantId)))
    .where(
      and(
        eq(merchantVendorCategories.merchantId, merchantId),
        eq(merchantVendorCategories.isEnabled, true),
        ne(vendors.status, 'DISABLED'),
      ),
    )
    .groupBy(
      vendorCategories.id,
      vendorCategories.category,
      vendorCategories.vendorType,
      vendorCategories.isGame,
      merchantVendorCategories.sort,
      merchantVendorCategories.isMaintenance,
      merchantVendorCategories.maintenanceEnd,
      vendorCategories.sort,
      vendors.id,
    )
    .orderBy(asc(laneSort), asc(vendors.sort), asc(vendors.code));
  return rows.flatMap((row) =>
    isCategory(row.category)
      ? [
          {
            vassalage: row.code,
            gameType: row.category,
            displayName: row.name,
            logoUrl: row.logoUrl,
            vendorType: row.vendorType,
            isGame: row.isGame === 'GAME' ? ('GAME' as const) : ('VASSALAGE' as const),
            isMaintenance: isVendorInMaintenance(row, now),
            gameCount: row.gameCount,
            sort: row.sort,
          },
        ]
      : [],
  );
}

/** GCSGAME_newGameVendor: one lane per category that has vendors, in category order. */
export function groupVendorLanes(cards: readonly VendorLaneRow[], gameType?: GameCategory): VendorLane[] {
  return GAME_CATEGORIES.filter((category) => !gameType || category === gameType).flatMap((category) => {
    const laneCards = cards.filter((card) => card.gameType === category).map(({ sort: _sort, ...card }) => card);
    if (laneCards.length === 0) return [];
    return [
      { title: category, cards: laneCards, gameClassify: { gameCategory: category, vendors: laneCards.map((card) => card.vassalage) } },
    ];
  });
}

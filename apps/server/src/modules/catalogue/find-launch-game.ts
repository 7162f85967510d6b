import { and, eq, type SQL, sql } from 'drizzle-orm';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';

/**
 * The game a launch names (by id, or by code and vendor), with everything the launcher checks:
 * game and vendor status, the merchant's lane and game switches and maintenance windows. One
 * query; null when no such game exists (the launcher answers GAME_UNAVAILABLE).
 */
export async function findLaunchGame(
  db: DbOrTx,
  input: { merchantId: number; nodeId?: number | undefined; gameCode?: string | undefined; vassalage?: string | undefined },
) {
  const where: SQL | undefined =
    input.nodeId !== undefined
      ? eq(games.id, input.nodeId)
      : and(eq(games.gameCode, input.gameCode ?? ''), eq(vendors.code, (input.vassalage ?? '').toUpperCase()));
  const [game] = await db
    .select({
      id: games.id,
      gameCode: games.gameCode,
      gameName: games.gameName,
      category: games.category,
      status: games.status,
      vendorId: vendors.id,
      vendorCode: vendors.code,
      vendorStatus: vendors.status,
      vendorMaintenanceEnd: vendors.maintenanceEnd,
      isHouse: vendors.isHouse,
      supportsFreePlay: games.supportsFreePlay,
      isLaneEnabled: sql<boolean>`coalesce(${merchantVendorCategories.isEnabled}, false)`,
      isLaneMaintenance: sql<boolean>`coalesce(${merchantVendorCategories.isMaintenance}, false)`,
      laneMaintenanceEnd: merchantVendorCategories.maintenanceEnd,
      isMerchantGameEnabled: sql<boolean>`coalesce(${merchantGames.isEnabled}, true)`,
      isMerchantGameMaintenance: sql<boolean>`coalesce(${merchantGames.isMaintenance}, false)`,
      merchantGameMaintenanceEnd: merchantGames.maintenanceEnd,
    })
    .from(games)
    .innerJoin(vendors, eq(vendors.id, games.vendorId))
    .innerJoin(vendorCategories, and(eq(vendorCategories.vendorId, games.vendorId), eq(vendorCategories.category, games.category)))
    .leftJoin(
      merchantVendorCategories,
      and(eq(merchantVendorCategories.vendorCategoryId, vendorCategories.id), eq(merchantVendorCategories.merchantId, input.merchantId)),
    )
    .leftJoin(merchantGames, and(eq(merchantGames.gameId, games.id), eq(merchantGames.merchantId, input.merchantId)))
    .where(where)
    .limit(1);
  return game ?? null;
}

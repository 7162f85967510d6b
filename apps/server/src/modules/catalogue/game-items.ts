import type { GameItem } from '@kismat/contracts/catalogue';
import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { games, merchantGames, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import { gameFavourites } from '../../db/schema/games';
import type { DbOrTx } from '../../platform/db';

/** Columns every game listing selects; `presentGameItem` turns one row into the API shape. */
export function gameItemColumns(language: Language) {
  return {
    id: games.id,
    gameCode: games.gameCode,
    gameName: games.gameName,
    displayName: sql<string>`coalesce(${games.displayNames}->>${language}, ${games.gameName})`,
    iconUrl: games.iconUrl,
    largeIconUrl: games.largeIconUrl,
    category: games.category,
    isHot: effectiveIsHot,
    isNew: effectiveIsNew,
    sort: effectiveGameSort,
    status: games.status,
    supportsFreePlay: games.supportsFreePlay,
    vendorCode: vendors.code,
    vendorName: vendors.name,
    ...gameMaintenanceColumns(),
  };
}

/** The maintenance switches `isGameInMaintenance` reads besides the game's status: vendor, lane and merchant game, with their planned ends. */
export function gameMaintenanceColumns() {
  return {
    vendorStatus: vendors.status,
    vendorMaintenanceEnd: vendors.maintenanceEnd,
    isLaneMaintenance: merchantVendorCategories.isMaintenance,
    laneMaintenanceEnd: merchantVendorCategories.maintenanceEnd,
    isMerchantGameMaintenance: sql<boolean>`coalesce(${merchantGames.isMaintenance}, false)`,
    merchantGameMaintenanceEnd: merchantGames.maintenanceEnd,
  };
}

// The merchant's overrides (merchant_games) win over the catalogue's values; no row keeps them.
export const effectiveIsHot = sql<boolean>`coalesce(${merchantGames.isHot}, ${games.isHot})`;
export const effectiveIsNew = sql<boolean>`coalesce(${merchantGames.isNew}, ${games.isNew})`;
export const effectiveGameSort = sql<number>`coalesce(${merchantGames.sort}, ${games.sort})`.mapWith(Number);

export type GameItemRow = {
  id: number;
  gameCode: string;
  gameName: string;
  displayName: string;
  iconUrl: string;
  largeIconUrl: string;
  category: string;
  isHot: boolean;
  isNew: boolean;
  sort: number;
  status: string;
  supportsFreePlay: boolean;
  vendorCode: string;
  vendorName: string;
  vendorStatus: string;
  vendorMaintenanceEnd: Date | null;
  isLaneMaintenance: boolean;
  laneMaintenanceEnd: Date | null;
  isMerchantGameMaintenance: boolean;
  merchantGameMaintenanceEnd: Date | null;
};

/**
 * The games a merchant offers: its lane is enabled, the vendor and the game are not DISABLED,
 * and the merchant has not switched the game off. Maintenance games stay listed (the tile shows
 * maintenance; a launch is refused). Needs `merchantGameJoin` (a left join) in the query.
 */
export function offeredBy(merchantId: number): SQL {
  return and(
    eq(merchantVendorCategories.merchantId, merchantId),
    eq(merchantVendorCategories.isEnabled, true),
    ne(vendors.status, 'DISABLED'),
    ne(games.status, 'DISABLED'),
    sql`coalesce(${merchantGames.isEnabled}, true)`,
  ) as SQL;
}

const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);

const isAhead = (end: Date | null, now: Date) => end === null || end.getTime() > now.getTime();

/** The game, its vendor (everywhere), the merchant's lane or the merchant's game is in maintenance. */
export function isGameInMaintenance(
  row: Pick<
    GameItemRow,
    | 'status'
    | 'vendorStatus'
    | 'vendorMaintenanceEnd'
    | 'isLaneMaintenance'
    | 'laneMaintenanceEnd'
    | 'isMerchantGameMaintenance'
    | 'merchantGameMaintenanceEnd'
  >,
  now: Date,
): boolean {
  if (row.status === 'MAINTENANCE') return true;
  if (row.vendorStatus === 'MAINTENANCE' && isAhead(row.vendorMaintenanceEnd, now)) return true;
  if (row.isLaneMaintenance && isAhead(row.laneMaintenanceEnd, now)) return true;
  return row.isMerchantGameMaintenance && isAhead(row.merchantGameMaintenanceEnd, now);
}

/** The latest planned end among the maintenances that apply now (null: none planned). */
export function maintenanceEndOf(
  row: Pick<GameItemRow, 'vendorMaintenanceEnd' | 'laneMaintenanceEnd' | 'merchantGameMaintenanceEnd'>,
): Date | null {
  const ends = [row.vendorMaintenanceEnd, row.laneMaintenanceEnd, row.merchantGameMaintenanceEnd].filter(
    (end): end is Date => end !== null,
  );
  return ends.length === 0 ? null : new Date(Math.max(...ends.map((end) => end.getTime())));
}

export function presentGameItem(row: GameItemRow, now: Date, favouriteIds: ReadonlySet<number>): GameItem {
  return {
    nodeId: row.id,
    nodeName: row.gameName,
    gameName: row.gameName,
    displayName: row.displayName,
    gameId: row.id,
    gameCode: row.gameCode,
    iconUrl: row.iconUrl,
    showIcon: row.iconUrl,
    lagerIcon: row.largeIconUrl,
    vassalage: row.vendorCode,
    vendorName: row.vendorName,
    gameType: isCategory(row.category) ? row.category : 'RNG',
    isHot: row.isHot ? 1 : 0,
    isNew: row.isNew ? 1 : 0,
    isFavorite: favouriteIds.has(row.id),
    isMaintenance: isGameInMaintenance(row, now),
    supportsFreePlay: row.supportsFreePlay,
    isGame: 'GAME',
    sort: row.sort,
  };
}

/** Which of these games the member has favourited (one indexed query; none for visitors). */
export async function findFavouriteIds(db: DbOrTx, memberId: number | null, gameIds: readonly number[]): Promise<Set<number>> {
  if (memberId === null || gameIds.length === 0) return new Set();
  const rows = await db
    .select({ gameId: gameFavourites.gameId })
    .from(gameFavourites)
    .where(and(eq(gameFavourites.memberId, memberId), inArray(gameFavourites.gameId, [...gameIds])));
  return new Set(rows.map((row) => row.gameId));
}

/** The join chain shared by listings: game -> vendor -> the merchant's lane of the game's category. */
export const laneJoin = and(eq(vendorCategories.vendorId, games.vendorId), eq(vendorCategories.category, games.category));
export const merchantLaneJoin = eq(merchantVendorCategories.vendorCategoryId, vendorCategories.id);
export const vendorJoin = eq(vendors.id, games.vendorId);
/** Left join: the merchant's own settings of the game (the merchant comes from the lane row). */
export const merchantGameJoin = and(eq(merchantGames.gameId, games.id), eq(merchantGames.merchantId, merchantVendorCategories.merchantId));

import type { GameItem } from '@kismat/contracts/catalogue';
import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { games, merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
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
    isHot: games.isHot,
    isNew: games.isNew,
    sort: games.sort,
    status: games.status,
    supportsFreePlay: games.supportsFreePlay,
    vendorCode: vendors.code,
    vendorName: vendors.name,
    vendorStatus: vendors.status,
    vendorMaintenanceEnd: vendors.maintenanceEnd,
  };
}

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
};

/**
 * The games a merchant offers: its lane is enabled, the vendor and the game are not DISABLED.
 * Maintenance games stay listed (the tile shows maintenance; a launch is refused).
 */
export function offeredBy(merchantId: number): SQL {
  return and(
    eq(merchantVendorCategories.merchantId, merchantId),
    eq(merchantVendorCategories.isEnabled, true),
    ne(vendors.status, 'DISABLED'),
    ne(games.status, 'DISABLED'),
  ) as SQL;
}

const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);

export function isGameInMaintenance(row: Pick<GameItemRow, 'status' | 'vendorStatus' | 'vendorMaintenanceEnd'>, now: Date): boolean {
  if (row.status === 'MAINTENANCE') return true;
  if (row.vendorStatus !== 'MAINTENANCE') return false;
  return row.vendorMaintenanceEnd === null || row.vendorMaintenanceEnd.getTime() > now.getTime();
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

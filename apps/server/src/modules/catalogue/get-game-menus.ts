import type { GameMenu, MenuVendor } from '@kismat/contracts/catalogue';
import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';

export const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);

/** A merchant's vendor lane as the menus and the vendor cards read it: lane, vendor, both maintenance switches, lane order. */
export function vendorLaneColumns() {
  return {
    category: vendorCategories.category,
    vendorType: vendorCategories.vendorType,
    isGame: vendorCategories.isGame,
    sort: sql<number>`coalesce(${merchantVendorCategories.sort}, ${vendorCategories.sort})`.mapWith(Number),
    code: vendors.code,
    name: vendors.name,
    logoUrl: vendors.logoUrl,
    status: vendors.status,
    maintenanceEnd: vendors.maintenanceEnd,
    isLaneMaintenance: merchantVendorCategories.isMaintenance,
    laneMaintenanceEnd: merchantVendorCategories.maintenanceEnd,
  };
}

/**
 * True while a vendor is in maintenance everywhere, or in this merchant's lane, and the planned
 * end (if any) is ahead.
 */
export function isVendorInMaintenance(
  vendor: { status: string; maintenanceEnd: Date | null; isLaneMaintenance?: boolean; laneMaintenanceEnd?: Date | null },
  now: Date,
): boolean {
  const isAhead = (end: Date | null | undefined) => end === null || end === undefined || end.getTime() > now.getTime();
  if (vendor.status === 'MAINTENANCE' && isAhead(vendor.maintenanceEnd)) return true;
  return vendor.isLaneMaintenance === true && isAhead(vendor.laneMaintenanceEnd);
}

/**
 * Every category in home-row order (then LOTT, ELOTT, BGS), each with the vendors the merchant
 * has enabled in it, in the merchant's order. Disabled vendors are left out; a category may be
 * empty (the web hides it).
 */
export async function getGameMenus(db: DbOrTx, merchantId: number, now: Date): Promise<GameMenu[]> {
  const rows = await db
    .select(vendorLaneColumns())
    .from(merchantVendorCategories)
    .innerJoin(vendorCategories, eq(vendorCategories.id, merchantVendorCategories.vendorCategoryId))
    .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
    .where(
      and(
        eq(merchantVendorCategories.merchantId, merchantId),
        eq(merchantVendorCategories.isEnabled, true),
        ne(vendors.status, 'DISABLED'),
      ),
    )
    .orderBy(asc(sql`coalesce(${merchantVendorCategories.sort}, ${vendorCategories.sort})`), asc(vendors.sort), asc(vendors.code));

  const byCategory = new Map<GameCategory, MenuVendor[]>(GAME_CATEGORIES.map((category) => [category, []]));
  for (const row of rows) {
    if (!isCategory(row.category)) continue;
    byCategory.get(row.category)?.push({
      vassalage: row.code,
      displayName: row.name,
      gameType: row.category,
      vendorType: row.vendorType,
      logoUrl: row.logoUrl,
      isMaintenance: isVendorInMaintenance(row, now),
      isGame: row.isGame === 'GAME' ? 'GAME' : 'VASSALAGE',
      sort: row.sort,
    });
  }
  return GAME_CATEGORIES.map((category) => ({ gameType: category, vendors: byCategory.get(category) ?? [] }));
}

import { GAME_CATEGORIES, type GameCategory } from '@kismat/contracts/constants';
import type { OperatorVendor } from '@kismat/contracts/operator-catalogue';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';

const isCategory = (value: string): value is GameCategory => (GAME_CATEGORIES as readonly string[]).includes(value);

/** Every vendor with each of its lanes as this merchant offers it (a lane without a row is off), for operators. */
export async function listMerchantVendors(db: DbOrTx, merchantId: number, vendorCode?: string): Promise<OperatorVendor[]> {
  const rows = await db
    .select({
      vendorId: vendors.id,
      code: vendors.code,
      name: vendors.name,
      status: vendors.status,
      isHouse: vendors.isHouse,
      category: vendorCategories.category,
      isEnabled: merchantVendorCategories.isEnabled,
      isMaintenance: merchantVendorCategories.isMaintenance,
      maintenanceEnd: merchantVendorCategories.maintenanceEnd,
      sort: merchantVendorCategories.sort,
    })
    .from(vendors)
    .innerJoin(vendorCategories, eq(vendorCategories.vendorId, vendors.id))
    .leftJoin(
      merchantVendorCategories,
      and(eq(merchantVendorCategories.vendorCategoryId, vendorCategories.id), eq(merchantVendorCategories.merchantId, merchantId)),
    )
    .where(vendorCode ? inArray(vendors.code, [vendorCode.toUpperCase()]) : undefined)
    .orderBy(asc(vendors.sort), asc(vendors.code), asc(vendorCategories.sort));
  const byVendor = new Map<number, OperatorVendor>();
  for (const row of rows) {
    if (!isCategory(row.category)) continue;
    let vendor = byVendor.get(row.vendorId);
    if (!vendor) {
      vendor = { vassalage: row.code, name: row.name, status: row.status, isHouse: row.isHouse, lanes: [] };
      byVendor.set(row.vendorId, vendor);
    }
    vendor.lanes.push({
      gameType: row.category,
      isEnabled: row.isEnabled ?? false,
      isMaintenance: row.isMaintenance ?? false,
      maintenanceEnd: row.maintenanceEnd?.toISOString() ?? null,
      sort: row.sort ?? null,
    });
  }
  return [...byVendor.values()];
}

import type { OperatorVendor, OperatorVendorBody } from '@kismat/contracts/operator-catalogue';
import { and, eq } from 'drizzle-orm';
import { merchantVendorCategories, vendorCategories, vendors } from '../../db/schema/catalogue';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { availabilityChange } from './availability-change';
import { listMerchantVendors } from './list-merchant-vendors';

/**
 * A merchant's switches for one vendor, on all its lanes or the one named: on/off, maintenance
 * (with an optional planned end), order. A lane the merchant never offered gets a row (off
 * unless the change enables it), so the change always lands. Returns the vendor before and after.
 */
export async function setMerchantVendor(
  db: Db,
  input: { merchantId: number; vendorCode: string; change: OperatorVendorBody },
): Promise<{ before: OperatorVendor; after: OperatorVendor }> {
  const [before] = await listMerchantVendors(db, input.merchantId, input.vendorCode);
  if (!before) throw new AppError('NOT_FOUND');
  const { gameType } = input.change;
  if (gameType && !before.lanes.some((lane) => lane.gameType === gameType)) throw new AppError('NOT_FOUND');

  await db.transaction(async (tx) => {
    const lanes = await tx
      .select({ id: vendorCategories.id })
      .from(vendorCategories)
      .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
      .where(and(eq(vendors.code, before.vassalage), gameType ? eq(vendorCategories.category, gameType) : undefined));
    const set = availabilityChange(input.change);
    for (const lane of lanes) {
      await tx
        .insert(merchantVendorCategories)
        .values({ merchantId: input.merchantId, vendorCategoryId: lane.id, isEnabled: false, ...set })
        .onConflictDoUpdate({ target: [merchantVendorCategories.merchantId, merchantVendorCategories.vendorCategoryId], set });
    }
  });
  const [after] = await listMerchantVendors(db, input.merchantId, input.vendorCode);
  if (!after) throw new AppError('NOT_FOUND');
  return { before, after };
}

import { eq } from 'drizzle-orm';
import { vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';

/** A vendor of the catalogue by its code (case-insensitive: codes are stored upper-case), or null. */
export async function findVendorByCode(db: DbOrTx, code: string): Promise<{ id: number; code: string; isHouse: boolean } | null> {
  const [vendor] = await db
    .select({ id: vendors.id, code: vendors.code, isHouse: vendors.isHouse })
    .from(vendors)
    .where(eq(vendors.code, code.toUpperCase()))
    .limit(1);
  return vendor ?? null;
}

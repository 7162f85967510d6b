import { eq } from 'drizzle-orm';
import { vendors } from '../../db/schema/catalogue';
import type { DbOrTx } from '../../platform/db';

/** The ids of the catalogue's third-party vendors (not the platform's own games). */
export async function listThirdPartyVendorIds(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.isHouse, false));
  return rows.map((row) => row.id);
}

import { asc, eq } from 'drizzle-orm';
import { merchantResources } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';

/** The merchant's resource switches and links as key -> value. */
export async function listMerchantResources(db: DbOrTx, merchantId: number): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: merchantResources.key, value: merchantResources.value })
    .from(merchantResources)
    .where(eq(merchantResources.merchantId, merchantId))
    .orderBy(asc(merchantResources.key));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

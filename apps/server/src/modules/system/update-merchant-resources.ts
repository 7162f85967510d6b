import type { UpdateResourcesBody } from '@kismat/contracts/content-admin';
import { sql } from 'drizzle-orm';
import { merchantResources } from '../../db/schema/system';
import type { Db, DbOrTx } from '../../platform/db';
import { listMerchantResources } from './list-merchant-resources';

type Audit = (tx: DbOrTx, detail: { before: Record<string, string>; after: Record<string, string> }) => Promise<void>;

/**
 * Sets the merchant links, switches and footer logo lists an operator changed (only the keys the
 * contract knows; links are https or site paths). One transaction with its audit row; the shell
 * reads the table on each load, so the site shows the change at once.
 */
export async function updateMerchantResources(
  db: Db,
  input: { merchantId: number; body: UpdateResourcesBody },
  audit: Audit,
): Promise<Record<string, string>> {
  const entries = Object.entries(input.body).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return db.transaction(async (tx) => {
    const before = await listMerchantResources(tx, input.merchantId);
    if (entries.length > 0) {
      await tx
        .insert(merchantResources)
        .values(entries.map(([key, value]) => ({ merchantId: input.merchantId, key, value })))
        .onConflictDoUpdate({ target: [merchantResources.merchantId, merchantResources.key], set: { value: sql`excluded.value` } });
    }
    const after = await listMerchantResources(tx, input.merchantId);
    const changed = Object.fromEntries(entries.filter(([key, value]) => before[key] !== value));
    if (Object.keys(changed).length > 0)
      await audit(tx, { before: Object.fromEntries(Object.keys(changed).map((key) => [key, before[key] ?? ''])), after: changed });
    return after;
  });
}

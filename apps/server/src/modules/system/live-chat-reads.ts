import { and, asc, eq } from 'drizzle-orm';
import { customerServices, merchantResources } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';

/*
 * Reads of the contact settings the system module keeps (customer-service entries, merchant
 * resources) for the live chat of the customer-service module.
 */

export type CustomerServiceRow = typeof customerServices.$inferSelect;

/** A merchant resource's value by key (undefined when unset). */
export async function readMerchantResource(db: DbOrTx, merchantId: number, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: merchantResources.value })
    .from(merchantResources)
    .where(and(eq(merchantResources.merchantId, merchantId), eq(merchantResources.key, key)));
  return row?.value ?? undefined;
}

/** The merchant's active LIVECHAT desks in display order; only the one with `code` when given. */
export async function listLiveChatDesks(db: DbOrTx, merchantId: number, options: { code?: string | undefined; limit?: number } = {}) {
  const conditions = [
    eq(customerServices.merchantId, merchantId),
    eq(customerServices.csType, 'LIVECHAT'),
    eq(customerServices.isActive, true),
  ];
  if (options.code) conditions.push(eq(customerServices.code, options.code));
  const query = db
    .select()
    .from(customerServices)
    .where(and(...conditions))
    .orderBy(asc(customerServices.sort), asc(customerServices.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

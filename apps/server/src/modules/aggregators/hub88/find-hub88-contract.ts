import { and, eq } from 'drizzle-orm';
import { aggregatorIntegrations } from '../../../db/schema/aggregators';
import type { DbOrTx } from '../../../platform/db';
import type { AggregatorContract } from '../../vendor-wallet/index';

/** A Hub88 contract as its wallet calls need it: the core's contract, Hub88's public key and the currency map. */
export interface Hub88Contract extends AggregatorContract {
  inboundKey: string;
  currencyMap: Record<string, string>;
}

/** The merchant's contract with this code, when it speaks Hub88 (null otherwise). */
export async function findHub88Contract(db: DbOrTx, merchantId: number, code: string): Promise<Hub88Contract | null> {
  const [row] = await db
    .select({
      id: aggregatorIntegrations.id,
      merchantId: aggregatorIntegrations.merchantId,
      code: aggregatorIntegrations.code,
      protocol: aggregatorIntegrations.protocol,
      isEnabled: aggregatorIntegrations.isEnabled,
      inboundKey: aggregatorIntegrations.inboundKey,
      currencyMap: aggregatorIntegrations.currencyMap,
    })
    .from(aggregatorIntegrations)
    .where(and(eq(aggregatorIntegrations.merchantId, merchantId), eq(aggregatorIntegrations.code, code)))
    .limit(1);
  return row && row.protocol === 'hub88' ? row : null;
}

import { and, eq, isNull, or } from 'drizzle-orm';
import { operators } from '../../db/schema/operators';
import type { DbOrTx } from '../../platform/db';

/** Active operators who may act on a merchant (its own, and the unscoped ones): live chat's transfer targets. */
export async function listMerchantOperators(db: DbOrTx, merchantId: number): Promise<{ username: string; role: string }[]> {
  return db
    .select({ username: operators.username, role: operators.role })
    .from(operators)
    .where(and(eq(operators.status, 'ACTIVE'), or(isNull(operators.merchantId), eq(operators.merchantId, merchantId))))
    .orderBy(operators.username);
}

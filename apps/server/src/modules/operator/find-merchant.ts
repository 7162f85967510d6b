import { asc, eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';

/** A merchant by its code, as operator routes name it (undefined when none). */
export async function findMerchantByCode(db: DbOrTx, code: string): Promise<Merchant | undefined> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
  return merchant;
}

/** The merchants an operator may manage: all for a platform operator, its own for a merchant-scoped one. */
export async function listOperatorMerchants(
  db: DbOrTx,
  merchantId: number | null,
): Promise<{ code: string; name: string; isMaintenance: boolean }[]> {
  const columns = { code: merchants.code, name: merchants.name, isMaintenance: merchants.isMaintenance };
  return merchantId === null
    ? db.select(columns).from(merchants).orderBy(asc(merchants.id))
    : db.select(columns).from(merchants).where(eq(merchants.id, merchantId));
}

/** A merchant by id (undefined when none). */
export async function findMerchantById(db: DbOrTx, id: number): Promise<Merchant | undefined> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return merchant;
}

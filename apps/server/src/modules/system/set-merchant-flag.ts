import { eq, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { withModuleEnabled } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';
import type { MerchantCache } from './merchant-cache';

/**
 * Switches a whitelabel module (one of the spec's flags such as PTSYS3, or a module such as
 * REFERRAL) for a merchant. The tree is read and written under a row lock so two operators
 * switching different flags at once both take effect.
 */
export async function setMerchantFlag(db: Db, merchantCode: string, flag: string, isOn: boolean, cache?: MerchantCache): Promise<Merchant> {
  if (!/^[A-Z0-9_]{2,40}$/.test(flag)) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'flag', message: `${flag} is not a module id` }] } });
  }
  const merchant = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(merchants).where(eq(merchants.code, merchantCode)).for('update');
    if (!current) throw new AppError('NOT_FOUND', { message: `No merchant ${merchantCode}` });
    const [updated] = await tx
      .update(merchants)
      .set({ whitelabel: withModuleEnabled(current.whitelabel, flag, isOn), updatedAt: sql`now()` })
      .where(eq(merchants.id, current.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', { message: `No merchant ${merchantCode}` });
    return updated;
  });
  cache?.invalidate();
  return merchant;
}

import { eq, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import type { MerchantCache } from './merchant-cache';

/**
 * Switches a merchant's site to maintenance (status 1) or back. `end` is the planned end the
 * maintenance page shows; the site reopens by itself when it passes. Switching off clears it.
 */
export async function setMerchantMaintenance(
  db: DbOrTx,
  merchantCode: string,
  input: { on: boolean; end?: Date | null },
  cache?: MerchantCache,
): Promise<Merchant> {
  if (input.end && Number.isNaN(input.end.getTime())) {
    throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'end', message: 'not a date' }] } });
  }
  const [merchant] = await db
    .update(merchants)
    .set({ isMaintenance: input.on, maintenanceEnd: input.on ? (input.end ?? null) : null, updatedAt: sql`now()` })
    .where(eq(merchants.code, merchantCode))
    .returning();
  if (!merchant) throw new AppError('NOT_FOUND', { message: `No merchant ${merchantCode}` });
  cache?.invalidate();
  return merchant;
}

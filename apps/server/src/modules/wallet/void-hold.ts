import { eq, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerHolds } from '../../db/schema/ledger';
import { type DbOrTx, inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { HoldResult } from './create-hold';
import { holdColumns, lockHold } from './hold-columns';
import { type Clock, systemClock } from './ledger-model';
import { checkMerchantId } from './ledger-request';

/** Releases a pending hold in full (a rejected withdrawal, a cancelled bet); voiding it again returns the voided hold. */
export async function voidHold(
  db: DbOrTx,
  input: { merchantId: number; holdId: number; reason?: string | undefined },
  clock: Clock = systemClock,
): Promise<HoldResult> {
  checkMerchantId(input.merchantId);
  return inTransaction(db, async (tx) => {
    const hold = await lockHold(tx, input.merchantId, input.holdId);
    if (hold.status === 'voided') return { hold, isReplay: true };
    if (hold.status !== 'pending') throw new AppError('HOLD_NOT_PENDING', { value: { holdId: hold.id, status: hold.status } });

    await tx
      .update(ledgerAccounts)
      .set({ held: sql`${ledgerAccounts.held} - ${hold.amount}::bigint` })
      .where(eq(ledgerAccounts.id, hold.accountId));
    const [voided] = await tx
      .update(ledgerHolds)
      .set({ status: 'voided', resolvedAt: clock(), voidReason: input.reason ?? null })
      .where(eq(ledgerHolds.id, hold.id))
      .returning(holdColumns);
    return { hold: voided!, isReplay: false };
  });
}

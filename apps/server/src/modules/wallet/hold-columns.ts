import { and, eq } from 'drizzle-orm';
import { ledgerHolds } from '../../db/schema/ledger';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';

/** A hold as callers see it (everything but the request hash). */
export const holdColumns = {
  id: ledgerHolds.id,
  merchantId: ledgerHolds.merchantId,
  accountId: ledgerHolds.accountId,
  type: ledgerHolds.type,
  amount: ledgerHolds.amount,
  status: ledgerHolds.status,
  postedAmount: ledgerHolds.postedAmount,
  postTransferId: ledgerHolds.postTransferId,
  idempotencyKey: ledgerHolds.idempotencyKey,
  referenceKind: ledgerHolds.referenceKind,
  referenceId: ledgerHolds.referenceId,
  description: ledgerHolds.description,
  voidReason: ledgerHolds.voidReason,
  expiresAt: ledgerHolds.expiresAt,
  createdAt: ledgerHolds.createdAt,
  resolvedAt: ledgerHolds.resolvedAt,
};

/**
 * The merchant's hold, locked for the rest of the transaction: every post and void of a hold takes
 * this row lock first (then account locks in id order), so the loser of a race sees the result.
 * NOT_FOUND when the merchant has no such hold.
 */
export async function lockHold(tx: Tx, merchantId: number, holdId: number) {
  const [hold] = await tx
    .select(holdColumns)
    .from(ledgerHolds)
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.merchantId, merchantId)))
    .for('update');
  if (!hold) throw new AppError('NOT_FOUND', { value: { holdId } });
  return hold;
}

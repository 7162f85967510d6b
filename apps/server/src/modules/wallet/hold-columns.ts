import { ledgerHolds } from '../../db/schema/ledger';

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

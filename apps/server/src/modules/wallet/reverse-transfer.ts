import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { ledgerTransfers } from '../../db/schema/ledger';
import { type DbOrTx, inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type Clock, type PostedTransfer, systemClock, type TransferRequest } from './ledger-model';
import { checkMerchantId, checkTransferRequest, invalidTransfer } from './ledger-request';
import { loadTransferEntries, recordTransfer } from './record-transfer';

export interface ReverseTransferInput {
  merchantId: number;
  transferId: number;
  /** Defaults to `reversal:<transferId>`, so callers that omit it always replay the one reversal. */
  idempotencyKey?: string | undefined;
  /** `reversal` (operator correction) by default; `rollback` for a vendor's bet rollback. */
  type?: LedgerTransferType | undefined;
  description?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
}

/** Undoes a transfer with a new transfer of negated entries (never an edit), at most once; it fails like any transfer if a member no longer has the money. */
export async function reverseTransfer(db: DbOrTx, input: ReverseTransferInput, clock: Clock = systemClock): Promise<PostedTransfer> {
  checkMerchantId(input.merchantId);
  const idempotencyKey = input.idempotencyKey ?? `reversal:${input.transferId}`;
  return inTransaction(db, async (tx) => {
    // Locking the original serialises competing reversals; the unique index on reversal_of
    // backs this up. A row lock is not an UPDATE, so the append-only trigger does not fire.
    const [original] = await tx
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.id, input.transferId), eq(ledgerTransfers.merchantId, input.merchantId)))
      .for('no key update');
    if (!original) throw new AppError('NOT_FOUND', { value: { transferId: input.transferId } });
    // A wrong reversal is corrected by a new, explicit transfer, not by a chain of reversals.
    if (original.reversalOf !== null) throw invalidTransfer('reverse_a_reversal', { transferId: original.id });

    const [existing] = await tx
      .select({ id: ledgerTransfers.id, idempotencyKey: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reversalOf, original.id));
    if (existing && existing.idempotencyKey !== idempotencyKey) {
      throw new AppError('TRANSFER_ALREADY_REVERSED', { value: { transferId: original.id, reversalId: existing.id } });
    }

    const entries = await loadTransferEntries(tx, original.id);
    const request: TransferRequest = {
      merchantId: input.merchantId,
      idempotencyKey,
      type: input.type ?? 'reversal',
      reference: original.referenceKind && original.referenceId ? { kind: original.referenceKind, id: original.referenceId } : undefined,
      entries: entries.map((entry) => ({ accountId: entry.accountId, amount: -entry.amount })),
      description: input.description ?? `Reversal of transfer ${original.id}`,
      metadata: input.metadata,
    };
    checkTransferRequest(request);
    // With an existing reversal under the same key this is a replay (or IDEMPOTENCY_CONFLICT).
    return recordTransfer(tx, request, clock(), { reversalOf: original.id });
  });
}

import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { eq } from 'drizzle-orm';
import { ledgerHolds, ledgerTransfers } from '../../db/schema/ledger';
import { type DbOrTx, inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { holdColumns, lockHold } from './hold-columns';
import {
  type Clock,
  type LedgerEntryInput,
  type LedgerHold,
  type LedgerReference,
  type PostedTransfer,
  systemClock,
  type TransferRequest,
} from './ledger-model';
import { checkMerchantId, checkPositiveAmount, checkTransferRequest, hashTransferRequest, invalidTransfer } from './ledger-request';
import { loadTransferEntries, recordTransfer } from './record-transfer';

export interface PostHoldInput {
  merchantId: number;
  holdId: number;
  /** Where the money goes (positive amounts); their sum is the posted amount, at most the hold. */
  credits: readonly LedgerEntryInput[];
  /** The transfer's type, e.g. withdrawal_paid or bet. */
  type: LedgerTransferType;
  /** Defaults to `hold:<id>:post`; a hold posts once whatever key is given. */
  idempotencyKey?: string | undefined;
  /** Defaults to the hold's reference. */
  reference?: LedgerReference | undefined;
  description?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
}

export interface PostHoldResult {
  hold: LedgerHold;
  posted: PostedTransfer;
  isReplay: boolean;
}

/** Settles a pending hold, fully or partly: the credits are paid from the held account and the rest of the hold is released, once. */
export async function postHold(db: DbOrTx, input: PostHoldInput, clock: Clock = systemClock): Promise<PostHoldResult> {
  checkMerchantId(input.merchantId);
  if (!Array.isArray(input.credits) || input.credits.length === 0) throw invalidTransfer('credits');
  let postedAmount = 0n;
  for (const credit of input.credits) {
    checkPositiveAmount(credit.amount, 'credit');
    postedAmount += credit.amount;
  }
  checkPositiveAmount(postedAmount);

  return inTransaction(db, async (tx) => {
    const hold = await lockHold(tx, input.merchantId, input.holdId);

    const reference =
      input.reference ?? (hold.referenceKind && hold.referenceId ? { kind: hold.referenceKind, id: hold.referenceId } : undefined);
    const request: TransferRequest = {
      merchantId: input.merchantId,
      idempotencyKey: input.idempotencyKey ?? `hold:${hold.id}:post`,
      type: input.type,
      reference,
      entries: [{ accountId: hold.accountId, amount: -postedAmount }, ...input.credits],
      description: input.description,
      metadata: input.metadata,
    };
    checkTransferRequest(request);

    if (hold.status === 'posted') {
      // The same posting again (a retried approval) gets the first result; anything else is late.
      const [stored] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, hold.postTransferId!));
      if (!stored || stored.requestHash !== hashTransferRequest(request, { holdId: hold.id })) {
        throw new AppError('HOLD_NOT_PENDING', { value: { holdId: hold.id, status: hold.status } });
      }
      const { requestHash: _hash, ...transfer } = stored;
      return { hold, posted: { transfer, entries: await loadTransferEntries(tx, transfer.id), isReplay: true }, isReplay: true };
    }
    if (hold.status !== 'pending') throw new AppError('HOLD_NOT_PENDING', { value: { holdId: hold.id, status: hold.status } });
    if (postedAmount > hold.amount) throw invalidTransfer('exceeds_hold', { holdId: hold.id });

    const now = clock();
    const posted = await recordTransfer(tx, request, now, {
      releaseHold: { holdId: hold.id, accountId: hold.accountId, amount: hold.amount },
    });
    // The key belongs to another transfer with this exact content: only a posting of this hold
    // hashes like this, and that would have marked the hold posted. Refuse rather than guess.
    if (posted.isReplay) throw new AppError('IDEMPOTENCY_CONFLICT', { value: { transferId: posted.transfer.id } });
    const [resolved] = await tx
      .update(ledgerHolds)
      .set({ status: 'posted', postedAmount, postTransferId: posted.transfer.id, resolvedAt: now })
      .where(eq(ledgerHolds.id, hold.id))
      .returning(holdColumns);
    return { hold: resolved!, posted, isReplay: false };
  });
}

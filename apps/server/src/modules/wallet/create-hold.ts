import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerHolds } from '../../db/schema/ledger';
import { type DbOrTx, inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { holdColumns } from './hold-columns';
import { type Clock, type LedgerHold, type LedgerReference, systemClock } from './ledger-model';
import {
  checkIdempotencyKey,
  checkMerchantId,
  checkPositiveAmount,
  checkReference,
  checkTransferType,
  hashRequest,
  invalidTransfer,
} from './ledger-request';

export interface CreateHoldInput {
  merchantId: number;
  accountId: number;
  amount: bigint;
  /** Unique per merchant among holds; a repeat returns the first hold. */
  idempotencyKey: string;
  /** What the reservation is for, e.g. withdrawal_hold or bet. */
  type: LedgerTransferType;
  reference?: LedgerReference | undefined;
  description?: string | undefined;
  /** When a sweeper may void it. Not part of the idempotency hash: a retry computes a new one. */
  expiresAt?: Date | undefined;
}

export interface HoldResult {
  hold: LedgerHold;
  isReplay: boolean;
}

/** Reserves an amount of a member or agent account: the balance stays, the available balance drops until the hold is posted or voided. */
export async function createHold(db: DbOrTx, input: CreateHoldInput, clock: Clock = systemClock): Promise<HoldResult> {
  checkMerchantId(input.merchantId);
  checkIdempotencyKey(input.idempotencyKey);
  checkTransferType(input.type);
  checkReference(input.reference);
  checkPositiveAmount(input.amount);
  const requestHash = hashRequest({
    kind: 'hold',
    accountId: input.accountId,
    amount: input.amount,
    type: input.type,
    reference: input.reference ? [input.reference.kind, input.reference.id] : null,
  });

  return inTransaction(db, async (tx) => {
    const [account] = await tx
      .select({ isHot: ledgerAccounts.isHot, ownerKind: ledgerAccounts.ownerKind })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.id, input.accountId), eq(ledgerAccounts.merchantId, input.merchantId)));
    if (!account) throw invalidTransfer('account_not_found', { accountId: input.accountId });
    // Holds guard what a member may spend; system accounts have no such limit to protect.
    if (account.ownerKind === 'system') throw invalidTransfer('hold_on_system_account', { accountId: input.accountId });

    const [hold] = await tx
      .insert(ledgerHolds)
      .values({
        merchantId: input.merchantId,
        accountId: input.accountId,
        type: input.type,
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        referenceKind: input.reference?.kind ?? null,
        referenceId: input.reference?.id ?? null,
        description: input.description ?? null,
        expiresAt: input.expiresAt ?? null,
        createdAt: clock(),
      })
      .onConflictDoNothing({ target: [ledgerHolds.merchantId, ledgerHolds.idempotencyKey] })
      .returning(holdColumns);
    if (!hold) {
      const [stored] = await tx
        .select({ ...holdColumns, requestHash: ledgerHolds.requestHash })
        .from(ledgerHolds)
        .where(and(eq(ledgerHolds.merchantId, input.merchantId), eq(ledgerHolds.idempotencyKey, input.idempotencyKey)));
      if (!stored) throw new Error('Hold key conflicted but no hold was found');
      if (stored.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT', { value: { holdId: stored.id } });
      const { requestHash: _hash, ...storedHold } = stored;
      return { hold: storedHold, isReplay: true };
    }

    // The same guarded single statement as a debit: reserve only what is available now.
    const [reserved] = await tx
      .update(ledgerAccounts)
      .set({ held: sql`${ledgerAccounts.held} + ${input.amount}::bigint` })
      .where(
        and(eq(ledgerAccounts.id, input.accountId), sql`${ledgerAccounts.balance} - ${ledgerAccounts.held} >= ${input.amount}::bigint`),
      )
      .returning({ held: ledgerAccounts.held });
    if (!reserved) throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: input.accountId } });
    return { hold, isReplay: false };
  });
}

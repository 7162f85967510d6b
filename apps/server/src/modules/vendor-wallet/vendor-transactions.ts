import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq } from 'drizzle-orm';
import { type VendorTransactionRow, vendorTransactions } from '../../db/schema/games';
import type { LedgerTx } from '../wallet/ledger-sql';
import { VendorError } from './vendor-error';

export type VendorTransactionKind = 'BET' | 'WIN' | 'ROLLBACK' | 'TOMBSTONE';

export interface ClaimInput {
  merchantId: number;
  vendorId: number;
  vendorTransactionId: string;
  kind: VendorTransactionKind;
  memberId: number;
  amount: bigint;
  requestHash: string;
  referenceTransactionId?: string | undefined;
}

/**
 * Claims the vendor's transaction id: the unique index makes a concurrent repeat wait until
 * the first call's transaction ends, then see its row. Returns null when this call owns the id,
 * else the row already stored under it.
 */
export async function claimVendorTransaction(
  tx: LedgerTx,
  input: ClaimInput,
): Promise<{ id: number } | { existing: VendorTransactionRow }> {
  const [claimed] = await tx
    .insert(vendorTransactions)
    .values({ ...input, referenceTransactionId: input.referenceTransactionId ?? null })
    .onConflictDoNothing({ target: [vendorTransactions.vendorId, vendorTransactions.vendorTransactionId] })
    .returning({ id: vendorTransactions.id });
  if (claimed) return claimed;
  const [existing] = await tx
    .select()
    .from(vendorTransactions)
    .where(and(eq(vendorTransactions.vendorId, input.vendorId), eq(vendorTransactions.vendorTransactionId, input.vendorTransactionId)))
    .for('update');
  if (!existing) throw new Error('vendor transaction conflicted but was not found');
  return { existing };
}

/**
 * The answer to a repeated id: the first answer when the content matches, else an error. An id
 * that was rolled back (or tombstoned by a rollback that came first) stays refused.
 */
export function answerRepeat(existing: VendorTransactionRow, requestHash: string, requestUuid: string): VendorResponse {
  if (existing.kind === 'TOMBSTONE') throw new VendorError('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (existing.requestHash !== requestHash) throw new VendorError('RS_ERROR_DUPLICATE_TRANSACTION');
  if (existing.kind !== 'ROLLBACK' && existing.rolledBackAt) throw new VendorError('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (!existing.response) throw new VendorError('RS_ERROR_UNKNOWN');
  return { ...(existing.response as VendorResponse), requestUuid };
}

export async function storeVendorAnswer(
  tx: LedgerTx,
  id: number,
  values: { roundId?: number | null; ledgerTransferId?: number | null; response: VendorResponse },
): Promise<void> {
  await tx
    .update(vendorTransactions)
    .set({ roundId: values.roundId ?? null, ledgerTransferId: values.ledgerTransferId ?? null, response: values.response })
    .where(eq(vendorTransactions.id, id));
}

import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq } from 'drizzle-orm';
import { type VendorTransactionRow, vendorTransactions } from '../../db/schema/games';
import type { DbOrTx, Tx } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import { isResponsibleGamblingRefusal } from '../responsible-gambling/index';
import type { VendorSession } from './find-vendor-session';
import { readPlayerBalance } from './read-player-balance';
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
export async function claimVendorTransaction(tx: Tx, input: ClaimInput): Promise<{ id: number } | { existing: VendorTransactionRow }> {
  const [claimed] = await tx
    .insert(vendorTransactions)
    .values({ ...input, referenceTransactionId: input.referenceTransactionId ?? null })
    .onConflictDoNothing({ target: [vendorTransactions.vendorId, vendorTransactions.vendorTransactionId] })
    .returning({ id: vendorTransactions.id });
  if (claimed) return claimed;
  return { existing: await findClaimedVendorTransaction(tx, input.vendorId, input.vendorTransactionId) };
}

/** The row a conflicting claim met, locked (its transaction has ended: the unique index made the claim wait). */
export async function findClaimedVendorTransaction(tx: Tx, vendorId: number, vendorTransactionId: string): Promise<VendorTransactionRow> {
  const [existing] = await tx
    .select()
    .from(vendorTransactions)
    .where(and(eq(vendorTransactions.vendorId, vendorId), eq(vendorTransactions.vendorTransactionId, vendorTransactionId)))
    .for('update');
  if (!existing) throw new Error('vendor transaction conflicted but was not found');
  return existing;
}

/** What a repeat is answered from: the stored row's kind, content hash, rollback and first answer. */
export type StoredVendorTransaction = Pick<VendorTransactionRow, 'kind' | 'requestHash' | 'rolledBackAt' | 'response'>;

/**
 * The answer to a repeated id: the first answer when the content matches, else an error. An id
 * that was rolled back (or tombstoned by a rollback that came first) stays refused.
 */
export function answerRepeat(existing: StoredVendorTransaction, requestHash: string, requestUuid: string): VendorResponse {
  if (existing.kind === 'TOMBSTONE') throw new VendorError('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (existing.requestHash !== requestHash) throw new VendorError('RS_ERROR_DUPLICATE_TRANSACTION');
  if (existing.kind !== 'ROLLBACK' && existing.rolledBackAt) throw new VendorError('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (!existing.response) throw new VendorError('RS_ERROR_UNKNOWN');
  return { ...(existing.response as VendorResponse), requestUuid };
}

export async function storeVendorAnswer(
  tx: Tx,
  id: number,
  values: { roundId?: number | null; ledgerTransferId?: number | null; response: VendorResponse },
): Promise<void> {
  await tx
    .update(vendorTransactions)
    .set({ roundId: values.roundId ?? null, ledgerTransferId: values.ledgerTransferId ?? null, response: values.response })
    .where(eq(vendorTransactions.id, id));
}

/** The RS_OK answer to a call without its balance (finishVendorRoundCall adds it in SQL). */
export function okAnswer(
  request: { requestUuid: string; user: string; transactionUuid: string },
  session: Pick<VendorSession, 'currency'>,
): Omit<VendorResponse, 'balance'> {
  return {
    status: 'RS_OK',
    requestUuid: request.requestUuid,
    user: request.user,
    currency: session.currency,
    transactionUuid: request.transactionUuid,
  };
}

/** The RS_OK answer to a call, with the player's balance as it stands inside the call's transaction. */
export async function answerOk(
  tx: DbOrTx,
  request: { requestUuid: string; user: string; transactionUuid: string },
  session: Pick<VendorSession, 'currency' | 'cashAccountId'>,
): Promise<VendorResponse> {
  return {
    status: 'RS_OK',
    requestUuid: request.requestUuid,
    user: request.user,
    currency: session.currency,
    balance: await readPlayerBalance(tx, session.cashAccountId),
    transactionUuid: request.transactionUuid,
  };
}

/**
 * What a failed call throws: the ledger's INSUFFICIENT_FUNDS becomes RS_ERROR_NOT_ENOUGH_MONEY
 * with the real balance (read after the rollback); any other error stays as it is.
 */
export async function vendorErrorOf(
  db: DbOrTx,
  session: Pick<VendorSession, 'currency' | 'cashAccountId'>,
  error: unknown,
): Promise<unknown> {
  const limitRefusal = vendorErrorOfLimit(error);
  if (limitRefusal) return limitRefusal;
  if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS') {
    return new VendorError('RS_ERROR_NOT_ENOUGH_MONEY', {
      balance: await readPlayerBalance(db, session.cashAccountId),
      currency: session.currency,
    });
  }
  return error;
}

/** A responsible-gambling refusal (issue 17) as the vendor hears it: excluded → user disabled, a limit → limit reached. */
export function vendorErrorOfLimit(error: unknown): VendorError | null {
  if (!isResponsibleGamblingRefusal(error)) return null;
  return new VendorError(error.code === 'RG_EXCLUDED' ? 'RS_ERROR_USER_DISABLED' : 'RS_ERROR_LIMIT_REACHED');
}

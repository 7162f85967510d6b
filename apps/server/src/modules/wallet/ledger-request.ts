import { createHash } from 'node:crypto';
import { LEDGER_TRANSFER_TYPES, type LedgerTransferType, MAX_AMOUNT_MINOR } from '@kismat/contracts/wallet';
import { AppError } from '../../platform/errors';
import {
  type LedgerEntryInput,
  type LedgerReference,
  MAX_ENTRIES_PER_TRANSFER,
  MAX_KEY_LENGTH,
  MAX_REFERENCE_LENGTH,
  type TransferRequest,
} from './ledger-model';

/** A programming or data error in a ledger call; never moves money. */
export function invalidTransfer(reason: string, details: Record<string, unknown> = {}): AppError {
  return new AppError('LEDGER_INVALID_TRANSFER', { value: { reason, ...details } });
}

export function checkMerchantId(merchantId: number): void {
  if (!Number.isSafeInteger(merchantId) || merchantId <= 0) throw invalidTransfer('merchant');
}

export function checkIdempotencyKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) throw invalidTransfer('idempotency_key');
}

export function checkTransferType(type: LedgerTransferType): void {
  if (!(LEDGER_TRANSFER_TYPES as readonly string[]).includes(type)) throw invalidTransfer('type', { type });
}

export function checkReference(reference: LedgerReference | undefined): void {
  if (reference === undefined) return;
  const isValid = (text: unknown) => typeof text === 'string' && text.length > 0 && text.length <= MAX_REFERENCE_LENGTH;
  if (!isValid(reference.kind) || !isValid(reference.id)) throw invalidTransfer('reference');
}

/** A positive amount of one call (a hold, a posting). */
export function checkPositiveAmount(amount: bigint, field = 'amount'): void {
  if (typeof amount !== 'bigint' || amount <= 0n || amount > MAX_AMOUNT_MINOR) throw invalidTransfer(field, { amount: String(amount) });
}

/**
 * Entries must be distinct accounts, non-zero, bounded and sum to zero. The per-currency sum and
 * the trial/real wall need the accounts and are checked once they are loaded.
 */
export function checkEntries(entries: readonly LedgerEntryInput[]): void {
  if (!Array.isArray(entries) || entries.length < 2 || entries.length > MAX_ENTRIES_PER_TRANSFER) throw invalidTransfer('entry_count');
  const seen = new Set<number>();
  let sum = 0n;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.accountId) || entry.accountId <= 0) throw invalidTransfer('account_id');
    if (typeof entry.amount !== 'bigint' || entry.amount === 0n) throw invalidTransfer('zero_amount', { accountId: entry.accountId });
    if (entry.amount > MAX_AMOUNT_MINOR || entry.amount < -MAX_AMOUNT_MINOR) throw invalidTransfer('amount_too_large');
    // One account appears once, so each entry is exactly one step of that account's version chain.
    if (seen.has(entry.accountId)) throw invalidTransfer('duplicate_account', { accountId: entry.accountId });
    seen.add(entry.accountId);
    sum += entry.amount;
  }
  if (sum !== 0n) throw invalidTransfer('unbalanced', { sum: String(sum) });
}

export function checkTransferRequest(request: TransferRequest): void {
  checkMerchantId(request.merchantId);
  checkIdempotencyKey(request.idempotencyKey);
  checkTransferType(request.type);
  checkReference(request.reference);
  checkEntries(request.entries);
}

/**
 * SHA-256 over what a request does, in a fixed shape: the same key with the same content is a
 * retry, with other content a conflict. Entries are sorted so their order does not matter.
 */
export function hashRequest(parts: Record<string, unknown>): string {
  const canonical = JSON.stringify(parts, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  return createHash('sha256').update(canonical).digest('hex');
}

export function sortedEntries(entries: readonly LedgerEntryInput[]): LedgerEntryInput[] {
  return [...entries].sort((left, right) => left.accountId - right.accountId);
}

export function hashTransferRequest(
  request: TransferRequest,
  extra: { reversalOf?: number | undefined; holdId?: number | undefined },
): string {
  return hashRequest({
    kind: 'transfer',
    type: request.type,
    reference: request.reference ? [request.reference.kind, request.reference.id] : null,
    entries: sortedEntries(request.entries).map((entry) => [entry.accountId, entry.amount]),
    reversalOf: extra.reversalOf ?? null,
    holdId: extra.holdId ?? null,
  });
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type LedgerAccountRow, ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import type { LedgerEntry, PostedTransfer, TransferRequest } from './ledger-model';
import { hashTransferRequest, invalidTransfer, sortedEntries } from './ledger-request';

export interface RecordTransferOptions {
  reversalOf?: number | undefined;
  /** The hold being posted: its whole amount leaves `held` in the same row update as the debit. */
  releaseHold?: { holdId: number; accountId: number; amount: bigint } | undefined;
  /** Remembers the accounts' fixed attributes between calls (one cache per database). */
  accountCache?: AccountShapeCache | undefined;
}

export type AccountShape = Pick<LedgerAccountRow, 'id' | 'merchantId' | 'currency' | 'isTrial' | 'isHot' | 'allowsNegative' | 'shardCount'>;

/**
 * The attributes `recordTransfer` reads of an account (merchant, currency, realm, hot, may go
 * negative, shard count) can never change once it is opened: the trigger
 * `ledger_accounts_fixed_identity` refuses it. So a caller posting many transfers over the same
 * accounts (the vendor wallet) may keep them in memory and save one SELECT per transfer. Ids
 * are only meaningful for one database: keep one cache per database (per app), never global.
 * Balances are never cached; they are read and locked by the guarded UPDATE as always.
 */
export class AccountShapeCache {
  private readonly shapes = new Map<number, AccountShape>();

  constructor(private readonly maxSize = 100_000) {}

  get(accountId: number): AccountShape | undefined {
    return this.shapes.get(accountId);
  }

  remember(shape: AccountShape): void {
    if (this.shapes.size >= this.maxSize) this.shapes.clear();
    this.shapes.set(shape.id, shape);
  }
}

interface AppliedStep {
  shard: number;
  balanceAfter: bigint;
  version: number;
}

const transferColumns = {
  id: ledgerTransfers.id,
  merchantId: ledgerTransfers.merchantId,
  type: ledgerTransfers.type,
  idempotencyKey: ledgerTransfers.idempotencyKey,
  referenceKind: ledgerTransfers.referenceKind,
  referenceId: ledgerTransfers.referenceId,
  reversalOf: ledgerTransfers.reversalOf,
  description: ledgerTransfers.description,
  metadata: ledgerTransfers.metadata,
  createdAt: ledgerTransfers.createdAt,
};

/**
 * The heart of the ledger, run inside the caller's transaction (already validated input):
 * claim the idempotency key, check the accounts, move each balance in account-id order with a
 * guarded statement, append the entries. Any failure aborts the transaction, so a refused
 * transfer leaves every balance and version as it was.
 */
export async function recordTransfer(
  tx: Tx,
  request: TransferRequest,
  now: Date,
  options: RecordTransferOptions = {},
): Promise<PostedTransfer> {
  const requestHash = hashTransferRequest(request, { reversalOf: options.reversalOf, holdId: options.releaseHold?.holdId });

  // The unique index is the idempotency gate: a concurrent insert of the same key waits here
  // for the first transaction to end, then finds its row (or takes over if it rolled back).
  const [claimed] = await tx
    .insert(ledgerTransfers)
    .values({
      merchantId: request.merchantId,
      type: request.type,
      idempotencyKey: request.idempotencyKey,
      requestHash,
      referenceKind: request.reference?.kind ?? null,
      referenceId: request.reference?.id ?? null,
      reversalOf: options.reversalOf ?? null,
      description: request.description ?? null,
      metadata: request.metadata ?? {},
      createdAt: now,
    })
    .onConflictDoNothing({ target: [ledgerTransfers.merchantId, ledgerTransfers.idempotencyKey] })
    .returning(transferColumns);
  if (!claimed) return replayTransfer(tx, request.merchantId, request.idempotencyKey, requestHash);

  const entries = sortedEntries(request.entries);
  const accounts = await loadAccounts(
    tx,
    request.merchantId,
    entries.map((entry) => entry.accountId),
    options.accountCache,
  );
  checkAccounts(entries, accounts);

  // Locks are taken by the updates themselves, in ascending account id: two transfers over
  // the same accounts always queue in the same order, so they cannot deadlock.
  const steps: AppliedStep[] = [];
  for (const entry of entries) {
    const account = accounts.get(entry.accountId)!;
    const release = options.releaseHold?.accountId === account.id ? options.releaseHold.amount : 0n;
    steps.push(account.isHot ? await moveHotBalance(tx, account, entry.amount) : await moveColdBalance(tx, account, entry.amount, release));
  }

  const inserted = await tx
    .insert(ledgerEntries)
    .values(
      entries.map((entry, index) => ({
        transferId: claimed.id,
        accountId: entry.accountId,
        shard: steps[index]!.shard,
        amount: entry.amount,
        balanceAfter: steps[index]!.balanceAfter,
        accountVersion: steps[index]!.version,
        createdAt: now,
      })),
    )
    .returning();
  return { transfer: claimed, entries: inserted, isReplay: false };
}

async function replayTransfer(tx: Tx, merchantId: number, idempotencyKey: string, requestHash: string): Promise<PostedTransfer> {
  const [stored] = await tx
    .select({ ...transferColumns, requestHash: ledgerTransfers.requestHash })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.merchantId, merchantId), eq(ledgerTransfers.idempotencyKey, idempotencyKey)));
  if (!stored) throw new Error('Idempotency key conflicted but no transfer was found');
  if (stored.requestHash !== requestHash) {
    throw new AppError('IDEMPOTENCY_CONFLICT', { value: { transferId: stored.id } });
  }
  const { requestHash: _hash, ...transfer } = stored;
  return { transfer, entries: await loadTransferEntries(tx, stored.id), isReplay: true };
}

export async function loadTransferEntries(tx: Tx, transferId: number): Promise<LedgerEntry[]> {
  return tx.select().from(ledgerEntries).where(eq(ledgerEntries.transferId, transferId)).orderBy(asc(ledgerEntries.accountId));
}

async function loadAccounts(
  tx: Tx,
  merchantId: number,
  accountIds: number[],
  cache?: AccountShapeCache,
): Promise<Map<number, AccountShape>> {
  const known = new Map<number, AccountShape>();
  if (cache) {
    for (const id of accountIds) {
      const shape = cache.get(id);
      // Another merchant's account stays out of the map, exactly as the merchant filter below keeps it out.
      if (shape && shape.merchantId === merchantId) known.set(id, shape);
    }
    if (known.size === accountIds.length) return known;
  }
  const missing = accountIds.filter((id) => !known.has(id));
  // Static attributes only (fixed by a trigger once opened), so no lock is needed to read them.
  const rows = await tx
    .select({
      id: ledgerAccounts.id,
      merchantId: ledgerAccounts.merchantId,
      currency: ledgerAccounts.currency,
      isTrial: ledgerAccounts.isTrial,
      isHot: ledgerAccounts.isHot,
      allowsNegative: ledgerAccounts.allowsNegative,
      shardCount: ledgerAccounts.shardCount,
    })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.id, missing), eq(ledgerAccounts.merchantId, merchantId)));
  for (const row of rows) {
    cache?.remember(row);
    known.set(row.id, row);
  }
  return known;
}

function checkAccounts(entries: readonly { accountId: number; amount: bigint }[], accounts: Map<number, AccountShape>): void {
  const sums = new Map<string, bigint>();
  let realm: boolean | undefined;
  for (const entry of entries) {
    const account = accounts.get(entry.accountId);
    // Another merchant's account is reported as missing: tenants never learn of each other.
    if (!account) throw invalidTransfer('account_not_found', { accountId: entry.accountId });
    if (realm !== undefined && realm !== account.isTrial) {
      throw new AppError('TRIAL_FORBIDDEN', { value: { reason: 'trial_and_real_accounts' } });
    }
    realm = account.isTrial;
    sums.set(account.currency, (sums.get(account.currency) ?? 0n) + entry.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw invalidTransfer('unbalanced_currency', { currency, sum: String(sum) });
  }
}

/**
 * One statement both locks the row and applies the movement. A debit of an account that may
 * not go negative carries its guard in the WHERE clause: under READ COMMITTED, a concurrent
 * debit makes this statement wait and then re-check the guard against the committed balance,
 * so no interleaving can overdraw. No row back means the guard failed.
 */
async function moveColdBalance(tx: Tx, account: AccountShape, amount: bigint, release: bigint): Promise<AppliedStep> {
  const isGuarded = amount < 0n && !account.allowsNegative;
  const guard = isGuarded
    ? sql`${ledgerAccounts.balance} - (${ledgerAccounts.held} - ${release}::bigint) + ${amount}::bigint >= 0`
    : undefined;
  const [row] = await tx
    .update(ledgerAccounts)
    .set({
      balance: sql`${ledgerAccounts.balance} + ${amount}::bigint`,
      ...(release > 0n ? { held: sql`${ledgerAccounts.held} - ${release}::bigint` } : {}),
      version: sql`${ledgerAccounts.version} + 1`,
    })
    .where(and(eq(ledgerAccounts.id, account.id), guard))
    .returning({ balance: ledgerAccounts.balance, version: ledgerAccounts.version });
  if (!row) throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: account.id } });
  return { shard: 0, balanceAfter: row.balance, version: row.version };
}

/**
 * A hot account takes any shard nobody holds (SKIP LOCKED), so concurrent transfers through
 * the house spread over its shards instead of queueing on one row. Only when every shard is
 * busy does it wait, on one shard picked at random.
 */
async function moveHotBalance(tx: Tx, account: AccountShape, amount: bigint): Promise<AppliedStep> {
  const free = rowsOf<{ shard: unknown; balance: unknown; version: unknown }>(
    await tx.execute(sql`
      UPDATE ledger_account_shards AS s
         SET balance = s.balance + ${amount}::bigint, version = s.version + 1
       WHERE s.account_id = ${account.id}
         AND s.shard = (SELECT shard FROM ledger_account_shards
                         WHERE account_id = ${account.id}
                         ORDER BY random() LIMIT 1
                         FOR UPDATE SKIP LOCKED)
      RETURNING s.shard, s.balance, s.version`),
  );
  let row = free[0];
  if (!row) {
    const shard = 1 + Math.floor(Math.random() * account.shardCount);
    [row] = rowsOf<{ shard: unknown; balance: unknown; version: unknown }>(
      await tx.execute(sql`
        UPDATE ledger_account_shards SET balance = balance + ${amount}::bigint, version = version + 1
         WHERE account_id = ${account.id} AND shard = ${shard}
        RETURNING shard, balance, version`),
    );
  }
  if (!row) throw new Error(`Hot account ${account.id} has no shard rows`);
  return { shard: toNumber(row.shard), balanceAfter: toBigInt(row.balance), version: toNumber(row.version) };
}

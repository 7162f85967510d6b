import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { sql } from 'drizzle-orm';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import {
  checkBulkAccounts,
  claimKeyedTransfers,
  groupLegsByAccount,
  intArray,
  jsonRows,
  keyedTransferColumns,
  moveColdCounter,
  moveHotCounter,
} from './bulk-transfer-sql';
import { type Clock, type LedgerReference, systemClock } from './ledger-model';
import {
  checkIdempotencyKey,
  checkMerchantId,
  checkPositiveAmount,
  checkReference,
  checkTransferType,
  hashTransferRequest,
  invalidTransfer,
} from './ledger-request';
import type { LockedLegs } from './leg-locks';
import { postAllFresh } from './post-keyed-bulk-fast-path';
import type { AccountShape, AccountShapeCache } from './record-transfer';

/**
 * Many two-legged transfers against one counter account, each with its own idempotency key,
 * type, reference and metadata, where an account may appear in several legs (docs/ledger.md,
 * "Keyed bulk transfers"): the vendor wallet's group commit posts a batch of bets and wins this
 * way. Each leg is the transfer `{ leg.account: +amount, counter: −amount }`, byte for byte the
 * request (and request hash) postTransfer would store for it, so a later postTransfer with the
 * same key replays it. The legs of one account form a running chain in the order given (entry k
 * of the account carries its balance and version after legs 1..k), and so do the counter's.
 */
export interface KeyedBulkLeg {
  accountId: number;
  /** Minor units, non-zero: positive credits the leg account and debits the counter account. */
  amount: bigint;
  idempotencyKey: string;
  type: LedgerTransferType;
  reference?: LedgerReference | undefined;
  metadata?: Record<string, unknown> | undefined;
}

export interface KeyedBulkRequest {
  merchantId: number;
  /** The account on the other side of every leg; a hot one takes the whole batch on one shard. */
  counterAccountId: number;
  legs: readonly KeyedBulkLeg[];
}

export interface PostedKeyedLeg {
  transferId: number;
  /** The key was posted before with the same content: nothing moved, no balance below. */
  isReplay: boolean;
  /** The leg account's balance and held amount right after this leg (null for a replay). */
  balanceAfter: bigint | null;
  held: bigint | null;
}

/** Largest number of legs in one keyed call: its rows travel as one JSON parameter. */
export const MAX_KEYED_LEGS = 10_000;

/** `postKeyedBulkTransfer` in its own transaction (or a savepoint of the caller's). */
export async function postKeyedBulkTransfer(
  db: DbOrTx,
  request: KeyedBulkRequest,
  clock: Clock = systemClock,
  options: Pick<KeyedBulkOptions, 'accountCache'> = {},
): Promise<PostedKeyedLeg[]> {
  checkKeyedRequest(request);
  const now = clock();
  return inTransaction(db, (tx) => recordKeyedBulkTransfer(tx, request, now, options));
}

/**
 * Inside a transaction the caller holds, without a savepoint: only for a caller whose
 * transaction ends on any error this throws (the vendor batch rolls back and replays its calls
 * one by one). Returns one result per leg, in the order given.
 */
export async function postKeyedBulkTransferInTransaction(
  tx: Tx,
  request: KeyedBulkRequest,
  now: Date,
  options: KeyedBulkOptions = {},
): Promise<PostedKeyedLeg[]> {
  checkKeyedRequest(request);
  return recordKeyedBulkTransfer(tx, request, now, options);
}

export interface KeyedBulkOptions {
  /** Remembers the accounts' fixed attributes (one cache per database): no account lookup for known accounts. */
  accountCache?: AccountShapeCache | undefined;
  /**
   * Every leg account, locked through the wallet in this transaction before the counter account
   * (leg-locks.ts): the lock statements are skipped, and with a hot counter the usual batch posts
   * in one statement.
   */
  locks?: LockedLegs | undefined;
}

/** The fixed attributes of the accounts, from the cache or one SELECT (remembered); another merchant's account stays missing. */
async function accountShapes(
  tx: DbOrTx,
  merchantId: number,
  accountIds: readonly number[],
  cache: AccountShapeCache,
): Promise<Map<number, AccountShape>> {
  const shapes = new Map<number, AccountShape>();
  const missing: number[] = [];
  for (const id of accountIds) {
    const shape = cache.get(id);
    if (shape) {
      if (shape.merchantId === merchantId) shapes.set(id, shape);
    } else missing.push(id);
  }
  if (missing.length === 0) return shapes;
  const rows = rowsOf<{
    id: unknown;
    merchant_id: unknown;
    currency: string;
    is_trial: boolean;
    is_hot: boolean;
    allows_negative: boolean;
    shard_count: unknown;
  }>(
    await tx.execute(sql`
      SELECT id, merchant_id, currency, is_trial, is_hot, allows_negative, shard_count FROM ledger_accounts
       WHERE id = ANY(${intArray(missing)})`),
  );
  for (const row of rows) {
    const shape: AccountShape = {
      id: toNumber(row.id),
      merchantId: toNumber(row.merchant_id),
      currency: row.currency,
      isTrial: row.is_trial === true,
      isHot: row.is_hot === true,
      allowsNegative: row.allows_negative === true,
      shardCount: toNumber(row.shard_count),
    };
    cache.remember(shape);
    if (shape.merchantId === merchantId) shapes.set(shape.id, shape);
  }
  return shapes;
}

/** checkBulkAccounts over cached shapes: the same refusals, in the same order of checks. */
export async function checkKeyedAccounts(
  tx: DbOrTx,
  merchantId: number,
  counterId: number,
  legs: readonly KeyedBulkLeg[],
  cache: AccountShapeCache,
): Promise<{ isHot: boolean; shardCount: number }> {
  const ids = [...new Set([counterId, ...legs.map((leg) => leg.accountId)])].sort((left, right) => left - right);
  const shapes = await accountShapes(tx, merchantId, ids, cache);
  const counter = shapes.get(counterId);
  if (!counter) throw invalidTransfer('account_not_found', { accountId: counterId });
  for (const accountId of ids) {
    if (accountId === counterId) continue;
    const shape = shapes.get(accountId);
    if (!shape) throw invalidTransfer('account_not_found', { accountId });
    if (shape.isTrial !== counter.isTrial) throw new AppError('TRIAL_FORBIDDEN', { value: { reason: 'trial_and_real_accounts' } });
    if (shape.isHot) throw invalidTransfer('hot_leg_account', { accountId });
    if (shape.currency !== counter.currency) throw invalidTransfer('unbalanced_currency', { currency: shape.currency });
  }
  return { isHot: counter.isHot, shardCount: counter.shardCount };
}

export function checkKeyedRequest(request: KeyedBulkRequest): void {
  checkMerchantId(request.merchantId);
  if (!Number.isSafeInteger(request.counterAccountId) || request.counterAccountId <= 0) throw invalidTransfer('account_id');
  if (!Array.isArray(request.legs) || request.legs.length === 0 || request.legs.length > MAX_KEYED_LEGS)
    throw invalidTransfer('entry_count');
  const keys = new Set<string>();
  for (const leg of request.legs) {
    checkIdempotencyKey(leg.idempotencyKey);
    if (keys.has(leg.idempotencyKey)) throw invalidTransfer('duplicate_key', { idempotencyKey: leg.idempotencyKey });
    keys.add(leg.idempotencyKey);
    checkTransferType(leg.type);
    checkReference(leg.reference);
    if (!Number.isSafeInteger(leg.accountId) || leg.accountId <= 0) throw invalidTransfer('account_id');
    if (leg.accountId === request.counterAccountId) throw invalidTransfer('duplicate_account', { accountId: leg.accountId });
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) throw invalidTransfer('zero_amount', { accountId: leg.accountId });
    checkPositiveAmount(leg.amount < 0n ? -leg.amount : leg.amount);
  }
}

/** The request postTransfer would get for one leg (its hash is the idempotency check). */
export function legTransferHash(merchantId: number, counterId: number, leg: KeyedBulkLeg): string {
  return hashTransferRequest(
    {
      merchantId,
      idempotencyKey: leg.idempotencyKey,
      type: leg.type,
      reference: leg.reference,
      entries: [
        { accountId: leg.accountId, amount: leg.amount },
        { accountId: counterId, amount: -leg.amount },
      ],
    },
    {},
  );
}

async function recordKeyedBulkTransfer(tx: Tx, request: KeyedBulkRequest, now: Date, options: KeyedBulkOptions): Promise<PostedKeyedLeg[]> {
  const { merchantId, legs } = request;
  const counterId = request.counterAccountId;
  const counter = options.accountCache
    ? await checkKeyedAccounts(tx, merchantId, counterId, legs, options.accountCache)
    : await checkBulkAccounts(
        tx,
        merchantId,
        counterId,
        legs.map((leg) => ({ accountId: leg.accountId, amount: leg.amount })),
      );
  const hashes = legs.map((leg) => legTransferHash(merchantId, counterId, leg));
  const nowText = now.toISOString();

  // The usual case of the vendor batch (every key new, leg rows already locked, a hot counter
  // with a free shard): claim, counter shard, leg accounts and entries in one statement.
  const { locks } = options;
  if (locks) {
    // A handle from another transaction, or one missing a leg, would move rows nobody locked.
    if (locks.tx !== tx) throw new Error('keyed bulk transfer: the leg locks belong to another transaction');
    const unlocked = legs.find((leg) => !locks.has(leg.accountId));
    if (unlocked) throw new Error(`keyed bulk transfer: leg account ${unlocked.accountId} is not locked`);
  }
  const fast = locks && counter.isHot ? await postAllFresh(tx, request, hashes, counterId, nowText) : undefined;
  if (fast && 'results' in fast) return fast.results;

  // 1. Claim the keys in key order (two batches with common keys queue in one order).
  const claimed =
    fast?.claimed ??
    rowsOf<{ id: unknown; idempotency_key: string }>(
      await tx.execute(sql`
      WITH l AS (
        SELECT * FROM jsonb_to_recordset(${jsonRows(legs.map((leg, index) => keyedTransferColumns(leg, hashes[index]!)))})
          AS l(key text, type text, hash text, ref_kind text, ref_id text, metadata jsonb))
      ${claimKeyedTransfers(merchantId, nowText, 'l')}`),
    );
  const transferOf = new Map(claimed.map((row) => [row.idempotency_key, toNumber(row.id)]));
  const results: PostedKeyedLeg[] = legs.map(() => ({ transferId: 0, isReplay: true, balanceAfter: null, held: null }));
  if (transferOf.size < legs.length) {
    // Keys posted before: a replay if the stored transfer does the same, else a conflict.
    const seen = legs.filter((leg) => !transferOf.has(leg.idempotencyKey)).map((leg) => leg.idempotencyKey);
    const stored = rowsOf<{ id: unknown; idempotency_key: string; request_hash: string }>(
      await tx.execute(sql`
        SELECT id, idempotency_key, request_hash FROM ledger_transfers
         WHERE merchant_id = ${merchantId} AND idempotency_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(seen)}::jsonb))`),
    );
    const storedOf = new Map(stored.map((row) => [row.idempotency_key, row]));
    legs.forEach((leg, index) => {
      if (transferOf.has(leg.idempotencyKey)) return;
      const row = storedOf.get(leg.idempotencyKey);
      if (!row) throw new Error(`keyed bulk transfer: key ${leg.idempotencyKey} conflicted but was not found`);
      if (row.request_hash !== hashes[index]) throw new AppError('IDEMPOTENCY_CONFLICT', { value: { transferId: toNumber(row.id) } });
      results[index] = { transferId: toNumber(row.id), isReplay: true, balanceAfter: null, held: null };
    });
  }
  const fresh = legs.flatMap((leg, index) => {
    const transferId = transferOf.get(leg.idempotencyKey);
    return transferId === undefined ? [] : [{ leg, index, transferId }];
  });
  if (fresh.length === 0) return results;

  // Per leg account: its total, its lowest running point (the guard) and its number of steps (groupLegsByAccount).
  const { byAccount, counterAmount, accountIds } = groupLegsByAccount(fresh.map(({ leg }) => leg));

  // 2. Locks in ascending account id, the counter in its place (a hot one: a free shard).
  const lockLegs = async (ids: number[]) => {
    if (locks || ids.length === 0) return;
    await tx.execute(sql`SELECT id FROM ledger_accounts WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR UPDATE`);
  };
  await lockLegs(accountIds.filter((id) => id < counterId));
  let lowestCounter = 0n;
  let running = 0n;
  for (const { leg } of fresh) {
    running -= leg.amount;
    if (running < lowestCounter) lowestCounter = running;
  }
  const counterStep = counter.isHot
    ? await moveHotCounter(tx, counterId, counter.shardCount, counterAmount, fresh.length)
    : await moveColdCounter(tx, counterId, counterAmount, lowestCounter, fresh.length);
  await lockLegs(accountIds.filter((id) => id > counterId));

  // 3. Each leg account moves once by its total; the guard of postTransfer holds at its lowest point.
  const moved = rowsOf<{ id: unknown; balance: unknown; version: unknown; held: unknown }>(
    await tx.execute(sql`
      UPDATE ledger_accounts a SET balance = a.balance + g.total, version = a.version + g.count
        FROM jsonb_to_recordset(${jsonRows(
          accountIds.map((id) => ({ id, ...byAccount.get(id)! })),
        )}) AS g(id bigint, total bigint, lowest bigint, count integer)
       WHERE a.id = g.id AND (g.lowest >= 0 OR a.allows_negative OR a.balance - a.held + g.lowest >= 0)
      RETURNING a.id, a.balance, a.version, a.held`),
  );
  if (moved.length !== accountIds.length) {
    const movedIds = new Set(moved.map((row) => toNumber(row.id)));
    throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: accountIds.find((id) => !movedIds.has(id)) } });
  }
  const chain = new Map<number, { balance: bigint; version: number; held: bigint }>();
  for (const row of moved) {
    const group = byAccount.get(toNumber(row.id))!;
    chain.set(toNumber(row.id), {
      balance: toBigInt(row.balance) - group.total,
      version: toNumber(row.version) - group.count,
      held: toBigInt(row.held),
    });
  }

  // 4. All entries in one INSERT: each account's chain step by step, in the order of the legs.
  let counterBalance = counterStep.balanceBefore;
  let counterVersion = counterStep.versionBefore;
  const entries: Record<string, unknown>[] = [];
  for (const { leg, index, transferId } of fresh) {
    const step = chain.get(leg.accountId)!;
    step.balance += leg.amount;
    step.version += 1;
    counterBalance -= leg.amount;
    counterVersion += 1;
    entries.push(
      { t: transferId, a: leg.accountId, s: 0, m: leg.amount, b: step.balance, v: step.version },
      { t: transferId, a: counterId, s: counterStep.shard, m: -leg.amount, b: counterBalance, v: counterVersion },
    );
    results[index] = { transferId, isReplay: false, balanceAfter: step.balance, held: step.held };
  }
  await tx.execute(sql`
    INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
    SELECT e.t, e.a, e.s, e.m, e.b, e.v, ${nowText}::timestamptz
      FROM jsonb_to_recordset(${jsonRows(entries)}) AS e(t bigint, a bigint, s smallint, m bigint, b bigint, v bigint)`);
  return results;
}

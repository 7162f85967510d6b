import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { type Clock, type LedgerReference, MAX_KEY_LENGTH, systemClock } from './ledger-model';
import {
  checkIdempotencyKey,
  checkMerchantId,
  checkPositiveAmount,
  checkReference,
  checkTransferType,
  hashTransferRequest,
  invalidTransfer,
} from './ledger-request';
import type { AccountShape, AccountShapeCache } from './record-transfer';

/**
 * Many two-legged transfers against one counter account, posted set-based (docs/ledger.md,
 * "Bulk transfers"): the payouts of a lottery draw, the salaries of a period. Each leg becomes
 * its own transfer `{ leg.account: +amount, counter: −amount }` with its own idempotency key
 * (`keyPrefix + accountId`), exactly as if posted one by one with postTransfer, but with a
 * handful of statements whatever the number of legs.
 */
export interface BulkTransferRequest {
  merchantId: number;
  type: LedgerTransferType;
  /** Each transfer's idempotency key is `keyPrefix + accountId` (e.g. `lottery:issue:7:payout:`). */
  keyPrefix: string;
  /** The account on the other side of every leg (the house); its entry in each transfer is minus the leg. */
  counterAccountId: number;
  /** Cold accounts (member or agent wallets) of the merchant, each at most once; positive credits them. */
  legs: readonly BulkLeg[];
  /** Shared by every transfer (the business row: the draw, the period). */
  reference?: LedgerReference | undefined;
  description?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
}

export interface BulkLeg {
  accountId: number;
  /** Minor units, non-zero: positive credits the leg account and debits the counter account. */
  amount: bigint;
}

export interface PostedBulkTransfer {
  /** One per leg, in account id order; `isReplay` when its key had been posted before (nothing moved). */
  transfers: { accountId: number; transferId: number; isReplay: boolean }[];
  /** What the newly posted transfers moved on the counter account (replays excluded). */
  counterAmount: bigint;
  /** The counter account's shard used (0 for a cold counter account, or when nothing moved). */
  counterShard: number;
}

/** Largest number of legs in one call: arrays travel as one text parameter each. */
export const MAX_BULK_LEGS = 2_000_000;

/**
 * Posts one transfer per leg, atomically (all or nothing) and idempotently per leg:
 *  1. claim every key with one INSERT ... SELECT ... ON CONFLICT DO NOTHING (keys seen before
 *     are replays if their stored request hash matches, else IDEMPOTENCY_CONFLICT);
 *  2. lock the leg accounts in ascending id order (SELECT ... ORDER BY id FOR UPDATE), the
 *     counter account taking its place in that order (a hot one: one shard, SKIP LOCKED);
 *  3. move every leg balance with one guarded UPDATE ... FROM, and the counter once by the total;
 *  4. append the entries with INSERT ... SELECT: each leg account's entry carries its new
 *     balance and version; the counter's entries form a running chain (window sum and
 *     row_number over the legs in id order) ending at the counter's new balance and version.
 * Every invariant of postTransfer holds per transfer, and the deferred database triggers check
 * each transfer at commit like any other. The request hash is the one postTransfer computes,
 * so a later postTransfer with the same key and content replays the bulk-posted transfer.
 */
export async function postBulkTransfer(db: DbOrTx, request: BulkTransferRequest, clock: Clock = systemClock): Promise<PostedBulkTransfer> {
  const legs = checkBulkRequest(request);
  const now = clock();
  return inTransaction(db, (tx) => recordBulkTransfer(tx, request, legs, now));
}

function checkBulkRequest(request: BulkTransferRequest): BulkLeg[] {
  checkMerchantId(request.merchantId);
  checkTransferType(request.type);
  checkReference(request.reference);
  if (typeof request.keyPrefix !== 'string' || request.keyPrefix.length === 0 || request.keyPrefix.length > MAX_KEY_LENGTH - 20) {
    throw invalidTransfer('idempotency_key');
  }
  if (!Number.isSafeInteger(request.counterAccountId) || request.counterAccountId <= 0) throw invalidTransfer('account_id');
  if (!Array.isArray(request.legs) || request.legs.length === 0 || request.legs.length > MAX_BULK_LEGS)
    throw invalidTransfer('entry_count');
  const legs = [...request.legs].sort((left, right) => left.accountId - right.accountId);
  let previous = 0;
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.accountId) || leg.accountId <= 0) throw invalidTransfer('account_id');
    if (leg.accountId === previous || leg.accountId === request.counterAccountId) {
      throw invalidTransfer('duplicate_account', { accountId: leg.accountId });
    }
    previous = leg.accountId;
    if (typeof leg.amount !== 'bigint' || leg.amount === 0n) throw invalidTransfer('zero_amount', { accountId: leg.accountId });
    checkPositiveAmount(leg.amount < 0n ? -leg.amount : leg.amount);
  }
  return legs;
}

/** A Postgres array literal of integers, sent as one text parameter (Drizzle would expand a JS array into many). */
function intArray(values: readonly (number | bigint)[]): SQL {
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

async function recordBulkTransfer(tx: Tx, request: BulkTransferRequest, legs: BulkLeg[], now: Date): Promise<PostedBulkTransfer> {
  const counterId = request.counterAccountId;
  const counter = await checkBulkAccounts(tx, request.merchantId, counterId, legs);

  // The request hash of each transfer, byte for byte the JSON that hashTransferRequest hashes
  // (entries sorted by account id, amounts as strings), computed in SQL.
  const [head, tail] = JSON.stringify({
    kind: 'transfer',
    type: request.type,
    reference: request.reference ? [request.reference.kind, request.reference.id] : null,
    entries: '\u0000',
    reversalOf: null,
    holdId: null,
  }).split('"\\u0000"') as [string, string];
  const entryJson = (account: SQL, amount: SQL) => sql`'[' || ${account} || ',"' || ${amount} || '"]'`;
  const hash = sql`encode(sha256(convert_to(${head}::text || '[' || CASE WHEN l.account_id < ${counterId}::bigint
      THEN ${entryJson(sql`l.account_id`, sql`l.amount`)} || ',' || ${entryJson(sql`${counterId}::bigint`, sql`(-l.amount)`)}
      ELSE ${entryJson(sql`${counterId}::bigint`, sql`(-l.amount)`)} || ',' || ${entryJson(sql`l.account_id`, sql`l.amount`)}
    END || ']' || ${tail}::text, 'UTF8')), 'hex')`;
  const legSource = sql`unnest(${intArray(legs.map((leg) => leg.accountId))}, ${intArray(legs.map((leg) => leg.amount))}) AS l(account_id, amount)`;

  // 1. Claim the keys, in account order (two bulk posts of the same keys queue in one order).
  const claimed = rowsOf<{ id: unknown; account_id: unknown }>(
    await tx.execute(sql`
      INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, reference_kind, reference_id,
                                    description, metadata, created_at)
      SELECT ${request.merchantId}::integer, ${request.type}::text, ${request.keyPrefix}::text || l.account_id, ${hash},
             ${request.reference?.kind ?? null}::text, ${request.reference?.id ?? null}::text, ${request.description ?? null}::text,
             ${JSON.stringify(request.metadata ?? {})}::jsonb, ${now.toISOString()}::timestamptz
        FROM ${legSource}
       ORDER BY l.account_id
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
      RETURNING id, substr(idempotency_key, char_length(${request.keyPrefix}::text) + 1)::bigint AS account_id`),
  );
  const transferOf = new Map(claimed.map((row) => [toNumber(row.account_id), toNumber(row.id)]));
  const replayed = new Map<number, number>();
  if (transferOf.size < legs.length) {
    // Keys posted before: a replay if the stored transfer does the same, else a conflict.
    const stored = rowsOf<{ id: unknown; account_id: unknown; is_same: unknown }>(
      await tx.execute(sql`
        SELECT t.id, l.account_id, t.request_hash = ${hash} AS is_same
          FROM ${legSource}
          JOIN ledger_transfers t ON t.merchant_id = ${request.merchantId} AND t.idempotency_key = ${request.keyPrefix}::text || l.account_id
         WHERE NOT (l.account_id = ANY(${intArray([...transferOf.keys()])}))`),
    );
    const conflict = stored.find((row) => row.is_same !== true);
    if (conflict) throw new AppError('IDEMPOTENCY_CONFLICT', { value: { transferId: toNumber(conflict.id) } });
    for (const row of stored) replayed.set(toNumber(row.account_id), toNumber(row.id));
  }
  const fresh = legs.filter((leg) => transferOf.has(leg.accountId));
  const transfers = legs.map((leg) => {
    const transferId = transferOf.get(leg.accountId) ?? replayed.get(leg.accountId);
    if (transferId === undefined) throw new Error(`bulk transfer: no transfer for account ${leg.accountId}`);
    return { accountId: leg.accountId, transferId, isReplay: !transferOf.has(leg.accountId) };
  });
  if (fresh.length === 0) return { transfers, counterAmount: 0n, counterShard: 0 };

  const freshIds = fresh.map((leg) => leg.accountId);
  const freshAmounts = fresh.map((leg) => leg.amount);
  const freshTransfers = fresh.map((leg) => transferOf.get(leg.accountId)!);
  const freshSource = sql`unnest(${intArray(freshIds)}, ${intArray(freshAmounts)}, ${intArray(freshTransfers)})
    AS l(account_id, amount, transfer_id)`;
  // The counter's movement: minus each leg; its lowest running point guards a cold counter.
  let counterAmount = 0n;
  let lowestPoint = 0n;
  for (const leg of fresh) {
    counterAmount -= leg.amount;
    if (counterAmount < lowestPoint) lowestPoint = counterAmount;
  }

  // 2 + 3. Locks in ascending account id, the counter in its place; then one UPDATE moves all legs.
  const lockLegs = async (where: SQL) => {
    await tx.execute(sql`SELECT id FROM ledger_accounts WHERE id = ANY(${intArray(freshIds)}) AND ${where} ORDER BY id FOR UPDATE`);
  };
  await lockLegs(sql`id < ${counterId}`);
  const counterStep = counter.isHot
    ? await moveHotCounter(tx, counterId, counter.shardCount, counterAmount, fresh.length)
    : await moveColdCounter(tx, counterId, counterAmount, lowestPoint, fresh.length);
  await lockLegs(sql`id > ${counterId}`);

  // The guard of postTransfer, per row: a debit may not take a non-negative account below its holds.
  const moved = rowsOf<{ moved: unknown; first_refused: unknown }>(
    await tx.execute(sql`
      WITH moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + l.amount, version = a.version + 1
          FROM ${freshSource}
         WHERE a.id = l.account_id AND (l.amount > 0 OR a.allows_negative OR a.balance - a.held + l.amount >= 0)
        RETURNING a.id, a.balance, a.version, l.amount, l.transfer_id
      ), entries AS (
        INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
        SELECT transfer_id, id, 0, amount, balance, version, ${now.toISOString()}::timestamptz FROM moved
        RETURNING account_id
      )
      SELECT (SELECT count(*) FROM entries) AS moved,
             (SELECT min(x) FROM unnest(${intArray(freshIds)}) AS x WHERE x NOT IN (SELECT account_id FROM entries)) AS first_refused`),
  );
  if (toNumber(moved[0]?.moved) !== fresh.length) {
    throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: toNumber(moved[0]?.first_refused) } });
  }

  // 4. The counter's entries: a running chain from its balance and version before the move.
  await tx.execute(sql`
    INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
    SELECT l.transfer_id, ${counterId}::bigint, ${counterStep.shard}::smallint, -l.amount,
           ${counterStep.balanceBefore}::bigint - sum(l.amount) OVER (ORDER BY l.account_id ROWS UNBOUNDED PRECEDING),
           ${counterStep.versionBefore}::bigint + row_number() OVER (ORDER BY l.account_id), ${now.toISOString()}::timestamptz
      FROM ${freshSource}`);
  return { transfers, counterAmount, counterShard: counterStep.shard };
}

interface CounterStep {
  shard: number;
  balanceBefore: bigint;
  versionBefore: number;
}

/** Static attributes only (fixed by a trigger once opened): every leg is a cold account of the merchant in the counter's currency and realm. */
async function checkBulkAccounts(
  tx: Tx,
  merchantId: number,
  counterId: number,
  legs: BulkLeg[],
): Promise<{ isHot: boolean; shardCount: number }> {
  const [counter] = rowsOf<{ currency: string; is_trial: boolean; is_hot: boolean; shard_count: unknown }>(
    await tx.execute(
      sql`SELECT currency, is_trial, is_hot, shard_count FROM ledger_accounts WHERE id = ${counterId} AND merchant_id = ${merchantId}`,
    ),
  );
  // Another merchant's account is reported as missing: tenants never learn of each other.
  if (!counter) throw invalidTransfer('account_not_found', { accountId: counterId });
  const [bad] = rowsOf<{ account_id: unknown; currency: string | null; is_trial: boolean | null; is_hot: boolean | null }>(
    await tx.execute(sql`
      SELECT l.account_id, a.currency, a.is_trial, a.is_hot
        FROM unnest(${intArray(legs.map((leg) => leg.accountId))}) AS l(account_id)
        LEFT JOIN ledger_accounts a ON a.id = l.account_id AND a.merchant_id = ${merchantId}
       WHERE a.id IS NULL OR a.is_hot OR a.currency <> ${counter.currency} OR a.is_trial <> ${counter.is_trial}
       ORDER BY l.account_id LIMIT 1`),
  );
  if (bad) {
    const accountId = toNumber(bad.account_id);
    if (bad.currency === null) throw invalidTransfer('account_not_found', { accountId });
    if (bad.is_trial !== counter.is_trial) throw new AppError('TRIAL_FORBIDDEN', { value: { reason: 'trial_and_real_accounts' } });
    if (bad.is_hot) throw invalidTransfer('hot_leg_account', { accountId });
    throw invalidTransfer('unbalanced_currency', { currency: bad.currency });
  }
  return { isHot: counter.is_hot, shardCount: toNumber(counter.shard_count) };
}

/** One shard nobody holds (SKIP LOCKED) takes the whole movement; only if all are busy, wait on one at random. */
async function moveHotCounter(tx: Tx, accountId: number, shardCount: number, amount: bigint, count: number): Promise<CounterStep> {
  type Row = { shard: unknown; balance: unknown; version: unknown };
  let [row] = rowsOf<Row>(
    await tx.execute(sql`
      UPDATE ledger_account_shards AS s
         SET balance = s.balance + ${amount}::bigint, version = s.version + ${count}
       WHERE s.account_id = ${accountId}
         AND s.shard = (SELECT shard FROM ledger_account_shards WHERE account_id = ${accountId}
                         ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING s.shard, s.balance, s.version`),
  );
  if (!row) {
    const shard = 1 + Math.floor(Math.random() * shardCount);
    [row] = rowsOf<Row>(
      await tx.execute(sql`
        UPDATE ledger_account_shards SET balance = balance + ${amount}::bigint, version = version + ${count}
         WHERE account_id = ${accountId} AND shard = ${shard}
        RETURNING shard, balance, version`),
    );
  }
  if (!row) throw new Error(`Hot account ${accountId} has no shard rows`);
  return { shard: toNumber(row.shard), balanceBefore: toBigInt(row.balance) - amount, versionBefore: toNumber(row.version) - count };
}

/** A cold counter account moves once by the total; its guard holds at the lowest point of its running chain. */
async function moveColdCounter(tx: Tx, accountId: number, amount: bigint, lowestPoint: bigint, count: number): Promise<CounterStep> {
  const [row] = rowsOf<{ balance: unknown; version: unknown }>(
    await tx.execute(sql`
      UPDATE ledger_accounts SET balance = balance + ${amount}::bigint, version = version + ${count}
       WHERE id = ${accountId} AND (allows_negative OR ${lowestPoint}::bigint >= 0 OR balance - held + ${lowestPoint}::bigint >= 0)
      RETURNING balance, version`),
  );
  if (!row) throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId } });
  return { shard: 0, balanceBefore: toBigInt(row.balance) - amount, versionBefore: toNumber(row.version) - count };
}

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
   * The caller has already locked every leg account (SELECT ... ORDER BY id FOR UPDATE) in this
   * transaction, before touching the counter account: the lock statements are skipped.
   */
  legsLocked?: boolean | undefined;
}

/** The fixed attributes of the accounts, from the cache or one SELECT (remembered); another merchant's account stays missing. */
async function accountShapes(
  tx: Tx,
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
async function checkKeyedAccounts(
  tx: Tx,
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

function checkKeyedRequest(request: KeyedBulkRequest): void {
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
function legTransferHash(merchantId: number, counterId: number, leg: KeyedBulkLeg): string {
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

/** Rows as one jsonb parameter (bigints as strings): one bind whatever the batch size, on both drivers. */
function jsonRows(rows: readonly Record<string, unknown>[]): SQL {
  return sql`${JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}::jsonb`;
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
  const fast = options.legsLocked && counter.isHot ? await postAllFresh(tx, request, hashes, counterId, nowText) : undefined;
  if (fast && 'results' in fast) return fast.results;

  // 1. Claim the keys in key order (two batches with common keys queue in one order).
  const claimed =
    fast?.claimed ??
    rowsOf<{ id: unknown; idempotency_key: string }>(
      await tx.execute(sql`
      INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, reference_kind, reference_id, metadata, created_at)
      SELECT ${merchantId}::integer, l.type, l.key, l.hash, l.ref_kind, l.ref_id, COALESCE(l.metadata, '{}'::jsonb), ${nowText}::timestamptz
        FROM jsonb_to_recordset(${jsonRows(
          legs.map((leg, index) => ({
            key: leg.idempotencyKey,
            type: leg.type,
            hash: hashes[index],
            ref_kind: leg.reference?.kind ?? null,
            ref_id: leg.reference?.id ?? null,
            metadata: leg.metadata ?? {},
          })),
        )}) AS l(key text, type text, hash text, ref_kind text, ref_id text, metadata jsonb)
       ORDER BY l.key
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
      RETURNING id, idempotency_key`),
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

  // Per leg account: its total, its lowest running point (the guard) and its number of steps.
  const byAccount = new Map<number, { total: bigint; lowest: bigint; count: number }>();
  let counterAmount = 0n;
  for (const { leg } of fresh) {
    const group = byAccount.get(leg.accountId) ?? { total: 0n, lowest: 0n, count: 0 };
    group.total += leg.amount;
    group.count += 1;
    if (group.total < group.lowest) group.lowest = group.total;
    byAccount.set(leg.accountId, group);
    counterAmount -= leg.amount;
  }
  const accountIds = [...byAccount.keys()].sort((left, right) => left - right);

  // 2. Locks in ascending account id, the counter in its place (a hot one: a free shard).
  const lockLegs = async (ids: number[]) => {
    if (options.legsLocked || ids.length === 0) return;
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

/**
 * The keyed bulk posting in one statement, for the case the vendor batch always has: every key
 * new, the leg rows already locked by the caller, a hot counter with a free shard. The claim
 * runs first; the counter shard moves only if every key was claimed, the leg accounts only if
 * the shard moved (each once by its total, guarded at its lowest point), and the entries only
 * if every account moved: each account's chain, and the shard's, by window sums over the legs
 * in the order given. Returns the results; or, when a key existed or every shard was busy,
 * only the claimed keys (nothing moved: the caller goes on step by step); a failed guard after
 * the shard moved is INSUFFICIENT_FUNDS (the caller's transaction or savepoint ends).
 */
async function postAllFresh(
  tx: Tx,
  request: KeyedBulkRequest,
  hashes: string[],
  counterId: number,
  nowText: string,
): Promise<{ results: PostedKeyedLeg[] } | { claimed: { id: unknown; idempotency_key: string }[] }> {
  const { legs, merchantId } = request;
  const byAccount = new Map<number, { total: bigint; lowest: bigint; count: number }>();
  let counterAmount = 0n;
  for (const leg of legs) {
    const group = byAccount.get(leg.accountId) ?? { total: 0n, lowest: 0n, count: 0 };
    group.total += leg.amount;
    group.count += 1;
    if (group.total < group.lowest) group.lowest = group.total;
    byAccount.set(leg.accountId, group);
    counterAmount -= leg.amount;
  }
  const accountIds = [...byAccount.keys()].sort((left, right) => left - right);
  const [row] = rowsOf<{ claimed: unknown; shard: unknown; moved: unknown; entries: unknown; transfers: unknown; accounts: unknown }>(
    await tx.execute(sql`
      WITH l AS (
        SELECT * FROM jsonb_to_recordset(${jsonRows(
          legs.map((leg, index) => ({
            n: index,
            key: leg.idempotencyKey,
            type: leg.type,
            hash: hashes[index],
            ref_kind: leg.reference?.kind ?? null,
            ref_id: leg.reference?.id ?? null,
            metadata: leg.metadata ?? {},
            account_id: leg.accountId,
            amount: leg.amount,
          })),
        )}) AS l(n integer, key text, type text, hash text, ref_kind text, ref_id text, metadata jsonb, account_id bigint, amount bigint)),
      claimed AS (
        INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, reference_kind, reference_id, metadata, created_at)
        SELECT ${merchantId}::integer, type, key, hash, ref_kind, ref_id, COALESCE(metadata, '{}'::jsonb), ${nowText}::timestamptz
          FROM l ORDER BY key
        ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
        RETURNING id, idempotency_key),
      shard AS (
        UPDATE ledger_account_shards s
           SET balance = s.balance + ${counterAmount}::bigint, version = s.version + ${legs.length}
         WHERE s.account_id = ${counterId}
           AND (SELECT count(*) FROM claimed) = ${legs.length}
           AND s.shard = (SELECT shard FROM ledger_account_shards WHERE account_id = ${counterId}
                           ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING s.shard, s.balance - ${counterAmount}::bigint AS balance_before, s.version - ${legs.length} AS version_before),
      g AS (
        SELECT * FROM jsonb_to_recordset(${jsonRows(
          accountIds.map((id) => ({ id, ...byAccount.get(id)! })),
        )}) AS g(id bigint, total bigint, lowest bigint, count integer)),
      moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + g.total, version = a.version + g.count
          FROM g
         WHERE a.id = g.id AND EXISTS (SELECT 1 FROM shard)
           AND (g.lowest >= 0 OR a.allows_negative OR a.balance - a.held + g.lowest >= 0)
        RETURNING a.id, a.balance - g.total AS balance_before, a.version - g.count AS version_before, a.held),
      entries AS (
        INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
        SELECT c.id, x.account_id, x.shard, x.amount, x.balance_after, x.version, ${nowText}::timestamptz
          FROM (
            SELECT l.key, l.account_id, 0::smallint AS shard, l.amount,
                   m.balance_before + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.n) AS balance_after,
                   m.version_before + row_number() OVER (PARTITION BY l.account_id ORDER BY l.n) AS version
              FROM l JOIN moved m ON m.id = l.account_id
            UNION ALL
            SELECT l.key, ${counterId}::bigint, s.shard, -l.amount,
                   s.balance_before - sum(l.amount) OVER (ORDER BY l.n),
                   s.version_before + row_number() OVER (ORDER BY l.n)
              FROM l CROSS JOIN shard s
          ) AS x
          JOIN claimed c ON c.idempotency_key = x.key
         WHERE (SELECT count(*) FROM moved) = ${accountIds.length}
        RETURNING 1)
      SELECT (SELECT count(*) FROM claimed) AS claimed, (SELECT count(*) FROM shard) AS shard,
             (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM entries) AS entries,
             (SELECT coalesce(json_agg(json_build_array(idempotency_key, id::text)), '[]') FROM claimed) AS transfers,
             (SELECT coalesce(json_agg(json_build_array(id::text, balance_before::text, version_before::text, held::text)), '[]') FROM moved) AS accounts`),
  );
  if (!row) throw new Error('keyed bulk transfer: no answer');
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as unknown[][];
  const transfers = parse(row.transfers).map(([key, id]) => ({ idempotency_key: String(key), id }));
  if (toNumber(row.claimed) !== legs.length || toNumber(row.shard) === 0) return { claimed: transfers };
  if (toNumber(row.moved) !== accountIds.length) {
    const movedIds = new Set(parse(row.accounts).map(([id]) => toNumber(id)));
    throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: accountIds.find((id) => !movedIds.has(id)) } });
  }
  if (toNumber(row.entries) !== 2 * legs.length) throw new Error('keyed bulk transfer: entries missing');
  const transferOf = new Map(transfers.map((transfer) => [transfer.idempotency_key, toNumber(transfer.id)]));
  const chain = new Map<number, { balance: bigint; held: bigint }>();
  for (const [id, balanceBefore, _version, held] of parse(row.accounts)) {
    chain.set(toNumber(id), { balance: toBigInt(balanceBefore as string | number), held: toBigInt(held as string | number) });
  }
  const results = legs.map((leg) => {
    const step = chain.get(leg.accountId)!;
    step.balance += leg.amount;
    return { transferId: transferOf.get(leg.idempotencyKey)!, isReplay: false, balanceAfter: step.balance, held: step.held };
  });
  return { results };
}

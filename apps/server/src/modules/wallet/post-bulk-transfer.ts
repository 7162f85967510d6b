import type { LedgerTransferType } from '@kismat/contracts/wallet';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { checkBulkAccounts, intArray, moveColdCounter, moveHotCounter } from './bulk-transfer-sql';
import { type Clock, type LedgerReference, MAX_KEY_LENGTH, systemClock } from './ledger-model';
import { checkMerchantId, checkPositiveAmount, checkReference, checkTransferType, invalidTransfer } from './ledger-request';

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
 *  4. append the entries in the same statement as 3 (INSERT ... SELECT): each leg account's
 *     entry carries its new balance and version; the counter's entries form a running chain
 *     (window sum and row_number over the legs in id order) ending at the counter's new balance
 *     and version.
 * Every invariant of postTransfer holds per transfer, and the database triggers check each
 * transfer like any other (its entries per statement, that it has entries at commit). The request hash is the one postTransfer computes,
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
  // Then all entries in the same statement (the ledger's balance trigger checks each statement's
  // transfers whole): each leg's, and the counter's as a running chain from its balance and
  // version before the move; none at all unless every leg moved.
  const moved = rowsOf<{ moved: unknown; first_refused: unknown }>(
    await tx.execute(sql`
      WITH moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + l.amount, version = a.version + 1
          FROM ${freshSource}
         WHERE a.id = l.account_id AND (l.amount > 0 OR a.allows_negative OR a.balance - a.held + l.amount >= 0)
        RETURNING a.id, a.balance, a.version, l.amount, l.transfer_id
      ), is_whole AS (
        SELECT count(*) = ${fresh.length} AS yes FROM moved
      ), entries AS (
        INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
        SELECT transfer_id, id, 0, amount, balance, version, ${now.toISOString()}::timestamptz FROM moved
         WHERE (SELECT yes FROM is_whole)
        UNION ALL
        SELECT l.transfer_id, ${counterId}::bigint, ${counterStep.shard}::smallint, -l.amount,
               ${counterStep.balanceBefore}::bigint - sum(l.amount) OVER (ORDER BY l.account_id ROWS UNBOUNDED PRECEDING),
               ${counterStep.versionBefore}::bigint + row_number() OVER (ORDER BY l.account_id), ${now.toISOString()}::timestamptz
          FROM ${freshSource}
         WHERE (SELECT yes FROM is_whole)
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM entries) AS entries,
             (SELECT min(x) FROM unnest(${intArray(freshIds)}) AS x WHERE x NOT IN (SELECT id FROM moved)) AS first_refused`),
  );
  if (toNumber(moved[0]?.moved) !== fresh.length) {
    throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: toNumber(moved[0]?.first_refused) } });
  }
  return { transfers, counterAmount, counterShard: counterStep.shard };
}

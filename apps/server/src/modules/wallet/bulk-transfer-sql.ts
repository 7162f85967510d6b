import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { invalidTransfer } from './ledger-request';

/*
 * The SQL both bulk engines share (docs/ledger.md, "Bulk transfers" and "Keyed bulk transfers"):
 * parameters that travel as one bind whatever the number of legs, the static checks of the leg
 * and counter accounts, and the counter account's single move (a hot one on one free shard).
 */

/** A Postgres array literal of integers, sent as one text parameter (Drizzle would expand a JS array into many). */
export function intArray(values: readonly (number | bigint)[]): SQL {
  return sql`${`{${values.join(',')}}`}::bigint[]`;
}

/** Rows as one jsonb parameter (bigints as strings): one bind whatever the batch size, on both drivers. */
export function jsonRows(rows: readonly Record<string, unknown>[]): SQL {
  return sql`${JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}::jsonb`;
}

/** A keyed leg's transfer columns as claimKeyedTransfers reads them from its legs CTE (key, type, hash, ref_kind, ref_id, metadata). */
export function keyedTransferColumns(
  leg: {
    idempotencyKey: string;
    type: string;
    reference?: { kind: string; id: string } | undefined;
    metadata?: Record<string, unknown> | undefined;
  },
  hash: string,
) {
  return {
    key: leg.idempotencyKey,
    type: leg.type,
    hash,
    ref_kind: leg.reference?.kind ?? null,
    ref_id: leg.reference?.id ?? null,
    metadata: leg.metadata ?? {},
  };
}

/**
 * Claims one transfer row per leg of `legs` (a CTE with type, key, hash, ref_kind, ref_id, metadata)
 * in key order; a key already taken claims nothing (ON CONFLICT DO NOTHING), so the caller compares
 * the claimed count with its legs. Returns id and idempotency_key: the body of a `claimed AS (...)` CTE
 * for the keyed engines (fold-keyed-posting, the keyed fast path, the multi-counter posting).
 */
export function claimKeyedTransfers(merchantId: number, nowText: string, legs: string): SQL {
  return sql`INSERT INTO ledger_transfers (merchant_id, type, idempotency_key, request_hash, reference_kind, reference_id, metadata, created_at)
      SELECT ${merchantId}::integer, type, key, hash, ref_kind, ref_id, COALESCE(metadata, '{}'::jsonb), ${nowText}::timestamptz
        FROM ${sql.identifier(legs)} ORDER BY key
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
      RETURNING id, idempotency_key`;
}

/**
 * The legs per leg account (each account's total, its lowest running point, which the guard
 * checks, and its number of steps), what the counter moves (minus the legs' sum), and the leg
 * accounts in ascending id (the lock order).
 */
export function groupLegsByAccount(legs: Iterable<{ accountId: number; amount: bigint }>) {
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
  return { byAccount, counterAmount, accountIds };
}

export interface CounterStep {
  shard: number;
  balanceBefore: bigint;
  versionBefore: number;
}

/** Static attributes only (fixed by a trigger once opened): every leg is a cold account of the merchant in the counter's currency and realm. */
export async function checkBulkAccounts(
  tx: Tx,
  merchantId: number,
  counterId: number,
  legs: readonly { accountId: number }[],
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
export async function moveHotCounter(tx: Tx, accountId: number, shardCount: number, amount: bigint, count: number): Promise<CounterStep> {
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
export async function moveColdCounter(tx: Tx, accountId: number, amount: bigint, lowestPoint: bigint, count: number): Promise<CounterStep> {
  const [row] = rowsOf<{ balance: unknown; version: unknown }>(
    await tx.execute(sql`
      UPDATE ledger_accounts SET balance = balance + ${amount}::bigint, version = version + ${count}
       WHERE id = ${accountId} AND (allows_negative OR ${lowestPoint}::bigint >= 0 OR balance - held + ${lowestPoint}::bigint >= 0)
      RETURNING balance, version`),
  );
  if (!row) throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId } });
  return { shard: 0, balanceBefore: toBigInt(row.balance) - amount, versionBefore: toNumber(row.version) - count };
}

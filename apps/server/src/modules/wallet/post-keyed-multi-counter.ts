import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { claimKeyedTransfers, intArray, jsonRows, keyedTransferColumns } from './bulk-transfer-sql';
import { invalidTransfer } from './ledger-request';
import { checkKeyedRequest, type KeyedBulkRequest, legTransferHash, type PostedKeyedLeg } from './post-keyed-bulk-transfer';

/**
 * Many keyed bulk transfers (post-keyed-bulk-transfer.ts), each against its own cold counter
 * account, in two statements whatever their number (docs/ledger.md, "Keyed bulk transfers"): a
 * settlement batch pays thousands of bills from a hundred payers, where one keyed transfer per
 * payer cost ~7 statements each (issue 16). Each leg is still the transfer `{ leg.account:
 * +amount, counter: −amount }` under its own key and request hash (a later postTransfer with the
 * key replays it), and every account's entries form a running chain in the order given (the
 * groups one after another, legs in order).
 *
 * 1. One SELECT ... ORDER BY id FOR UPDATE locks every counter and leg account in ascending id
 *    (the order every wallet writer locks in) and reads their fixed attributes: the same
 *    refusals as a keyed bulk transfer (another merchant's account is missing, no hot leg, one
 *    currency and realm per group), plus: every counter cold, and no account both a counter and
 *    a leg, or the counter of two groups (each account moves once, by its total).
 * 2. One statement claims every key, moves each account once by its total (the guard of
 *    postTransfer at the lowest point of its running chain) and inserts every entry, each step
 *    only if the one before completed.
 *
 * Inside the caller's transaction, without a savepoint: every key must be new. A key posted
 * before (even a replay) or a failed guard (INSUFFICIENT_FUNDS) throws with the keys of the
 * statement already claimed, so the caller's transaction must end on any error (the settlement
 * rolls the batch back and settles its contracts one by one, where a replay is recognised).
 */
export interface KeyedMultiCounterRequest {
  merchantId: number;
  groups: readonly Omit<KeyedBulkRequest, 'merchantId'>[];
}

export async function postKeyedMultiCounterInTransaction(
  tx: Tx,
  request: KeyedMultiCounterRequest,
  now: Date,
): Promise<PostedKeyedLeg[][]> {
  const { merchantId, groups } = request;
  if (groups.length === 0) return [];
  const keys = new Set<string>();
  const counters = new Set<number>();
  const legAccounts = new Set<number>();
  for (const group of groups) {
    checkKeyedRequest({ merchantId, ...group });
    if (counters.has(group.counterAccountId)) throw invalidTransfer('duplicate_account', { accountId: group.counterAccountId });
    counters.add(group.counterAccountId);
    for (const leg of group.legs) {
      if (keys.has(leg.idempotencyKey)) throw invalidTransfer('duplicate_key', { idempotencyKey: leg.idempotencyKey });
      keys.add(leg.idempotencyKey);
      legAccounts.add(leg.accountId);
    }
  }
  const both = [...counters].find((id) => legAccounts.has(id));
  if (both !== undefined) throw invalidTransfer('duplicate_account', { accountId: both });
  const ids = [...new Set([...counters, ...legAccounts])].sort((left, right) => left - right);

  // 1. Every account locked in ascending id, with its fixed attributes.
  const shapes = new Map(
    rowsOf<{ id: unknown; merchant_id: unknown; currency: string; is_trial: boolean; is_hot: boolean }>(
      await tx.execute(sql`
        SELECT id, merchant_id, currency, is_trial, is_hot FROM ledger_accounts
         WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR UPDATE`),
    )
      .filter((row) => toNumber(row.merchant_id) === merchantId)
      .map((row) => [toNumber(row.id), row]),
  );
  for (const group of groups) {
    const counter = shapes.get(group.counterAccountId);
    if (!counter) throw invalidTransfer('account_not_found', { accountId: group.counterAccountId });
    if (counter.is_hot) throw invalidTransfer('hot_counter_account', { accountId: group.counterAccountId });
    for (const accountId of [...new Set(group.legs.map((leg) => leg.accountId))].sort((left, right) => left - right)) {
      const shape = shapes.get(accountId);
      if (!shape) throw invalidTransfer('account_not_found', { accountId });
      if (shape.is_trial !== counter.is_trial) throw new AppError('TRIAL_FORBIDDEN', { value: { reason: 'trial_and_real_accounts' } });
      if (shape.is_hot) throw invalidTransfer('hot_leg_account', { accountId });
      if (shape.currency !== counter.currency) throw invalidTransfer('unbalanced_currency', { currency: shape.currency });
    }
  }

  // Per account (counter or leg): its total, its lowest running point (the guard) and its steps.
  const byAccount = new Map<number, { total: bigint; lowest: bigint; count: number }>();
  const step = (accountId: number, amount: bigint) => {
    const moves = byAccount.get(accountId) ?? { total: 0n, lowest: 0n, count: 0 };
    moves.total += amount;
    moves.count += 1;
    if (moves.total < moves.lowest) moves.lowest = moves.total;
    byAccount.set(accountId, moves);
  };
  const rows: Record<string, unknown>[] = [];
  for (const group of groups) {
    for (const leg of group.legs) {
      step(leg.accountId, leg.amount);
      step(group.counterAccountId, -leg.amount);
      rows.push({
        n: rows.length,
        ...keyedTransferColumns(leg, legTransferHash(merchantId, group.counterAccountId, leg)),
        account_id: leg.accountId,
        counter_id: group.counterAccountId,
        amount: leg.amount,
      });
    }
  }
  const nowText = now.toISOString();

  // 2. Claims, moves and entries in one statement.
  const [row] = rowsOf<{ claimed: unknown; moved: unknown; entries: unknown; transfers: unknown; accounts: unknown }>(
    await tx.execute(sql`
      WITH l AS (
        SELECT * FROM jsonb_to_recordset(${jsonRows(rows)})
          AS l(n integer, key text, type text, hash text, ref_kind text, ref_id text, metadata jsonb, account_id bigint,
               counter_id bigint, amount bigint)),
      claimed AS (${claimKeyedTransfers(merchantId, nowText, 'l')}),
      g AS (
        SELECT * FROM jsonb_to_recordset(${jsonRows(
          ids.map((id) => ({ id, ...byAccount.get(id)! })),
        )}) AS g(id bigint, total bigint, lowest bigint, count integer)),
      moved AS (
        UPDATE ledger_accounts a SET balance = a.balance + g.total, version = a.version + g.count
          FROM g
         WHERE a.id = g.id AND (SELECT count(*) FROM claimed) = ${rows.length}
           AND (g.lowest >= 0 OR a.allows_negative OR a.balance - a.held + g.lowest >= 0)
        RETURNING a.id, a.balance - g.total AS balance_before, a.version - g.count AS version_before, a.held),
      entries AS (
        INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
        SELECT c.id, x.account_id, 0, x.amount, x.balance_after, x.version, ${nowText}::timestamptz
          FROM (
            SELECT l.key, l.account_id, l.amount,
                   m.balance_before + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.n) AS balance_after,
                   m.version_before + row_number() OVER (PARTITION BY l.account_id ORDER BY l.n) AS version
              FROM l JOIN moved m ON m.id = l.account_id
            UNION ALL
            SELECT l.key, l.counter_id, -l.amount,
                   m.balance_before - sum(l.amount) OVER (PARTITION BY l.counter_id ORDER BY l.n),
                   m.version_before + row_number() OVER (PARTITION BY l.counter_id ORDER BY l.n)
              FROM l JOIN moved m ON m.id = l.counter_id
          ) AS x
          JOIN claimed c ON c.idempotency_key = x.key
         WHERE (SELECT count(*) FROM moved) = ${ids.length}
        RETURNING 1)
      SELECT (SELECT count(*) FROM claimed) AS claimed, (SELECT count(*) FROM moved) AS moved,
             (SELECT count(*) FROM entries) AS entries,
             (SELECT coalesce(json_agg(json_build_array(idempotency_key, id::text)), '[]') FROM claimed) AS transfers,
             (SELECT coalesce(json_agg(json_build_array(id::text, balance_before::text, held::text)), '[]') FROM moved) AS accounts`),
  );
  if (!row) throw new Error('keyed multi-counter transfer: no answer');
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as string[][];
  if (toNumber(row.claimed) !== rows.length) throw new Error('keyed multi-counter transfer: a key was posted before');
  const accounts = parse(row.accounts);
  if (toNumber(row.moved) !== ids.length) {
    const movedIds = new Set(accounts.map(([id]) => toNumber(id)));
    throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: ids.find((id) => !movedIds.has(id)) } });
  }
  if (toNumber(row.entries) !== 2 * rows.length) throw new Error('keyed multi-counter transfer: entries missing');
  const transferOf = new Map(parse(row.transfers).map(([key, id]) => [key, toNumber(id)]));
  const chain = new Map(
    accounts.map(([id, balanceBefore, held]) => [toNumber(id), { balance: toBigInt(balanceBefore), held: toBigInt(held) }]),
  );
  return groups.map((group) =>
    group.legs.map((leg) => {
      const account = chain.get(leg.accountId)!;
      account.balance += leg.amount;
      return { transferId: transferOf.get(leg.idempotencyKey)!, isReplay: false, balanceAfter: account.balance, held: account.held };
    }),
  );
}

import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { toBigInt, toNumber } from '../../platform/sql-values';
import { claimKeyedTransfers, groupLegsByAccount, jsonRows, keyedTransferColumns } from './bulk-transfer-sql';
import type { KeyedBulkLeg, PostedKeyedLeg } from './post-keyed-bulk-transfer';

/**
 * A keyed bulk posting against a hot counter in one statement, as WITH parts (named `ledger_*`): the
 * keyed fast path (post-keyed-bulk-fast-path.ts) runs them alone, fold-keyed-posting.ts places them in
 * a caller's statement. They claim every key, move the hot counter on a free shard, move each leg
 * account once by its total (guarded at its lowest point), and insert every entry (each account's
 * chain, and the shard's, by window sums over the legs in the order given): each step only if the
 * one before it completed. The leg rows must already be locked by the caller.
 */
export interface KeyedPostingStatement {
  /** The WITH parts, comma-separated. */
  parts: SQL;
  /** A select-list expression (alias it): the answer `readKeyedPosting` reads. */
  answerSql: SQL;
  /** The leg accounts in ascending id. */
  accountIds: number[];
  /** A boolean SQL expression: every step completed (every key claimed, the shard and each account moved, every entry). */
  completeSql: SQL;
}

export function keyedPostingStatement(input: {
  merchantId: number;
  counterId: number;
  legs: readonly KeyedBulkLeg[];
  /** Each leg's request hash, in the order of `legs`. */
  hashes: readonly string[];
  nowText: string;
  /** The shard to wait on when every shard is held by others; null: move nothing then. */
  busyShard: number | null;
  /**
   * A boolean SQL expression naming no column of the legs (a one-time filter): the legs are
   * posted only when it holds, and it is evaluated before anything else of the posting.
   */
  legsGate?: SQL;
}): KeyedPostingStatement {
  const { merchantId, counterId, legs, hashes, nowText, busyShard, legsGate } = input;
  const { byAccount, counterAmount, accountIds } = groupLegsByAccount(legs);
  // The shard is picked once, in its own part, and only once every key is claimed: a subquery
  // in the UPDATE's WHERE is evaluated again when the row it names was updated meanwhile (the
  // recheck of READ COMMITTED), and a second random pick then matches no row (seen under load:
  // the shard did not move).
  const pick = sql`(SELECT shard FROM ledger_account_shards WHERE account_id = ${counterId} ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED)`;
  const parts = sql`
    ledger_legs AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(
        legs.map((leg, index) => ({
          n: index,
          ...keyedTransferColumns(leg, hashes[index]!),
          account_id: leg.accountId,
          amount: leg.amount,
        })),
      )}) AS l(n integer, key text, type text, hash text, ref_kind text, ref_id text, metadata jsonb, account_id bigint, amount bigint)
      ${legsGate ? sql`WHERE ${legsGate}` : sql``}),
    ledger_claimed AS (${claimKeyedTransfers(merchantId, nowText, 'ledger_legs')}),
    ledger_pick AS MATERIALIZED (
      SELECT ${busyShard === null ? pick : sql`COALESCE(${pick}, ${busyShard}::smallint)`} AS shard
       WHERE (SELECT count(*) FROM ledger_claimed) = ${legs.length}),
    ledger_shard AS (
      UPDATE ledger_account_shards s
         SET balance = s.balance + ${counterAmount}::bigint, version = s.version + ${legs.length}
        FROM ledger_pick p
       WHERE s.account_id = ${counterId} AND s.shard = p.shard
      RETURNING s.shard, s.balance - ${counterAmount}::bigint AS balance_before, s.version - ${legs.length} AS version_before),
    ledger_groups AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(
        accountIds.map((id) => ({ id, ...byAccount.get(id)! })),
      )}) AS g(id bigint, total bigint, lowest bigint, count integer)),
    ledger_moved AS (
      UPDATE ledger_accounts a SET balance = a.balance + g.total, version = a.version + g.count
        FROM ledger_groups g
       WHERE a.id = g.id AND EXISTS (SELECT 1 FROM ledger_shard)
         AND (g.lowest >= 0 OR a.allows_negative OR a.balance - a.held + g.lowest >= 0)
      RETURNING a.id, a.balance - g.total AS balance_before, a.version - g.count AS version_before, a.held),
    ledger_entries AS (
      INSERT INTO ledger_entries (transfer_id, account_id, shard, amount, balance_after, account_version, created_at)
      SELECT c.id, x.account_id, x.shard, x.amount, x.balance_after, x.version, ${nowText}::timestamptz
        FROM (
          SELECT l.key, l.account_id, 0::smallint AS shard, l.amount,
                 m.balance_before + sum(l.amount) OVER (PARTITION BY l.account_id ORDER BY l.n) AS balance_after,
                 m.version_before + row_number() OVER (PARTITION BY l.account_id ORDER BY l.n) AS version
            FROM ledger_legs l JOIN ledger_moved m ON m.id = l.account_id
          UNION ALL
          SELECT l.key, ${counterId}::bigint, s.shard, -l.amount,
                 s.balance_before - sum(l.amount) OVER (ORDER BY l.n),
                 s.version_before + row_number() OVER (ORDER BY l.n)
            FROM ledger_legs l CROSS JOIN ledger_shard s
        ) AS x
        JOIN ledger_claimed c ON c.idempotency_key = x.key
       WHERE (SELECT count(*) FROM ledger_moved) = ${accountIds.length}
      RETURNING 1)`;
  const answerSql = sql`json_build_array(
      (SELECT count(*) FROM ledger_claimed), (SELECT count(*) FROM ledger_shard), (SELECT count(*) FROM ledger_moved),
      (SELECT count(*) FROM ledger_entries),
      (SELECT coalesce(json_agg(json_build_array(idempotency_key, id::text)), '[]') FROM ledger_claimed),
      (SELECT coalesce(json_agg(json_build_array(id::text, balance_before::text, held::text)), '[]') FROM ledger_moved))`;
  const completeSql = sql`((SELECT count(*) FROM ledger_claimed) = ${legs.length} AND (SELECT count(*) FROM ledger_shard) = 1
      AND (SELECT count(*) FROM ledger_moved) = ${accountIds.length} AND (SELECT count(*) FROM ledger_entries) = ${2 * legs.length})`;
  return { parts, answerSql, accountIds, completeSql };
}

/**
 * The statement's answer: the keys it claimed (transfer ids as text) and, when every key was
 * claimed and the counter shard moved, one result per leg in the order given (`results` null
 * otherwise: nothing moved). A leg account whose guard failed is INSUFFICIENT_FUNDS.
 */
export function readKeyedPosting(
  answer: unknown,
  legs: readonly KeyedBulkLeg[],
  accountIds: readonly number[],
): { claimed: { idempotency_key: string; id: string }[]; shardMoved: boolean; results: PostedKeyedLeg[] | null } {
  const [claimedCount, shard, moved, entries, transfers, accounts] = (typeof answer === 'string' ? JSON.parse(answer) : answer) as [
    unknown,
    unknown,
    unknown,
    unknown,
    [string, string][],
    [string, string, string][],
  ];
  const claimed = transfers.map(([key, id]) => ({ idempotency_key: key, id }));
  const shardMoved = toNumber(shard) === 1;
  if (toNumber(claimedCount) !== legs.length || !shardMoved) return { claimed, shardMoved, results: null };
  if (toNumber(moved) !== accountIds.length) {
    const movedIds = new Set(accounts.map(([id]) => toNumber(id)));
    throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: accountIds.find((id) => !movedIds.has(id)) } });
  }
  if (toNumber(entries) !== 2 * legs.length) throw new Error('keyed posting: entries missing');
  const transferOf = new Map(claimed.map((transfer) => [transfer.idempotency_key, toNumber(transfer.id)]));
  const chain = new Map(
    accounts.map(([id, balanceBefore, held]) => [toNumber(id), { balance: toBigInt(balanceBefore), held: toBigInt(held) }]),
  );
  const results = legs.map((leg) => {
    const step = chain.get(leg.accountId)!;
    step.balance += leg.amount;
    return { transferId: transferOf.get(leg.idempotencyKey)!, isReplay: false, balanceAfter: step.balance, held: step.held };
  });
  return { claimed, shardMoved, results };
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { executePrepared } from '../../platform/prepared-statement';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { claimKeyedTransfers, groupLegsByAccount, jsonRows } from './bulk-transfer-sql';
import type { KeyedBulkRequest, PostedKeyedLeg } from './post-keyed-bulk-transfer';

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
export async function postAllFresh(
  tx: Tx,
  request: KeyedBulkRequest,
  hashes: string[],
  counterId: number,
  nowText: string,
): Promise<{ results: PostedKeyedLeg[] } | { claimed: { id: unknown; idempotency_key: string }[] }> {
  const { legs, merchantId } = request;
  const { byAccount, counterAmount, accountIds } = groupLegsByAccount(legs);
  // A named prepared statement: parsed once per connection and planned once its plan is generic.
  const [row] = rowsOf<{ claimed: unknown; shard: unknown; moved: unknown; entries: unknown; transfers: unknown; accounts: unknown }>(
    await executePrepared(
      tx,
      'wallet_keyed_fast',
      sql`
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
      claimed AS (${claimKeyedTransfers(merchantId, nowText, 'l')}),
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
             (SELECT coalesce(json_agg(json_build_array(id::text, balance_before::text, version_before::text, held::text)), '[]') FROM moved) AS accounts`,
    ),
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

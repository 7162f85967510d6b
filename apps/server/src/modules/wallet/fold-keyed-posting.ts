import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { toBigInt, toNumber } from '../../platform/sql-values';
import { claimKeyedTransfers, groupLegsByAccount, jsonRows } from './bulk-transfer-sql';
import type { LockedLegs } from './leg-locks';
import {
  checkKeyedAccounts,
  checkKeyedRequest,
  type KeyedBulkRequest,
  legTransferHash,
  type PostedKeyedLeg,
} from './post-keyed-bulk-transfer';
import type { AccountShapeCache } from './record-transfer';

/**
 * A keyed bulk transfer (post-keyed-bulk-transfer.ts) as WITH parts of a statement the caller
 * runs anyway (docs/ledger.md, "Keyed posting folded into a caller's statement"): a house-game
 * spin posts its bet and payout in the statement that writes its round, so the money and the
 * round cost one round trip. The wallet writes the SQL; the caller only places it. The parts
 * (named `ledger_*`) claim every key, move the hot counter on a free shard (waiting on one at
 * random only when all are busy, as moveHotCounter does), move each leg account once by its
 * total (guarded at its lowest point), and insert every entry: each step only if the one before
 * it completed. `results` reads the answer and throws when any step did not complete (a key
 * already posted, a failed guard: INSUFFICIENT_FUNDS), so the caller's transaction ends with
 * nothing moved. Needs the leg rows locked through the wallet (`locks`) and a hot counter.
 */
export interface FoldedKeyedPosting {
  /** The WITH parts, comma-separated, for the caller's statement. */
  parts: SQL;
  /** Scalar SQL: the transfer id the statement claims for a leg's key. */
  transferIdSql(idempotencyKey: string): SQL;
  /** A select-list expression (alias it): the posting's answer for `results`. */
  answerSql: SQL;
  /** One result per leg, in the order given; throws when the posting did not complete. */
  results(answer: unknown): PostedKeyedLeg[];
}

export async function foldKeyedPosting(
  tx: Tx,
  request: KeyedBulkRequest,
  now: Date,
  options: { locks: LockedLegs; accountCache: AccountShapeCache },
): Promise<FoldedKeyedPosting> {
  checkKeyedRequest(request);
  const { merchantId, legs, counterAccountId: counterId } = request;
  const { locks } = options;
  // A handle from another transaction, or one missing a leg, would move rows nobody locked.
  if (locks.tx !== tx) throw new Error('folded keyed posting: the leg locks belong to another transaction');
  const unlocked = legs.find((leg) => !locks.has(leg.accountId));
  if (unlocked) throw new Error(`folded keyed posting: leg account ${unlocked.accountId} is not locked`);
  const counter = await checkKeyedAccounts(tx, merchantId, counterId, legs, options.accountCache);
  if (!counter.isHot) throw new Error('folded keyed posting: the counter account must be hot');

  const { byAccount, counterAmount, accountIds } = groupLegsByAccount(legs);
  const nowText = now.toISOString();
  const busyShard = 1 + Math.floor(Math.random() * counter.shardCount);
  // The shard is picked once, in its own part: a subquery in the UPDATE's WHERE is evaluated
  // again when the row it names was updated meanwhile (the recheck of READ COMMITTED), and a
  // second random pick then matches no row (seen under load: the shard did not move).
  const parts = sql`
    ledger_legs AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(
        legs.map((leg, index) => ({
          n: index,
          key: leg.idempotencyKey,
          type: leg.type,
          hash: legTransferHash(merchantId, counterId, leg),
          ref_kind: leg.reference?.kind ?? null,
          ref_id: leg.reference?.id ?? null,
          metadata: leg.metadata ?? {},
          account_id: leg.accountId,
          amount: leg.amount,
        })),
      )}) AS l(n integer, key text, type text, hash text, ref_kind text, ref_id text, metadata jsonb, account_id bigint, amount bigint)),
    ledger_claimed AS (${claimKeyedTransfers(merchantId, nowText, 'ledger_legs')}),
    ledger_pick AS MATERIALIZED (
      SELECT COALESCE((SELECT shard FROM ledger_account_shards WHERE account_id = ${counterId}
                        ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED), ${busyShard}::smallint) AS shard),
    ledger_shard AS (
      UPDATE ledger_account_shards s
         SET balance = s.balance + ${counterAmount}::bigint, version = s.version + ${legs.length}
        FROM ledger_pick p
       WHERE s.account_id = ${counterId} AND s.shard = p.shard
         AND (SELECT count(*) FROM ledger_claimed) = ${legs.length}
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
  return {
    parts,
    transferIdSql: (idempotencyKey) => sql`(SELECT id FROM ledger_claimed WHERE idempotency_key = ${idempotencyKey})`,
    answerSql,
    results(answer) {
      const [claimed, shard, moved, entries, transfers, accounts] = (typeof answer === 'string' ? JSON.parse(answer) : answer) as [
        unknown,
        unknown,
        unknown,
        unknown,
        [string, string][],
        [string, string, string][],
      ];
      if (toNumber(claimed) !== legs.length) throw new Error('folded keyed posting: a key was posted before');
      if (toNumber(shard) !== 1) throw new Error(`folded keyed posting: the counter shard did not move ${JSON.stringify(answer)}`);
      if (toNumber(moved) !== accountIds.length) {
        const movedIds = new Set(accounts.map(([id]) => toNumber(id)));
        throw new AppError('INSUFFICIENT_FUNDS', { value: { accountId: accountIds.find((id) => !movedIds.has(id)) } });
      }
      if (toNumber(entries) !== 2 * legs.length) throw new Error('folded keyed posting: entries missing');
      const transferOf = new Map(transfers.map(([key, id]) => [key, toNumber(id)]));
      const chain = new Map(
        accounts.map(([id, balanceBefore, held]) => [toNumber(id), { balance: toBigInt(balanceBefore), held: toBigInt(held) }]),
      );
      return legs.map((leg) => {
        const step = chain.get(leg.accountId)!;
        step.balance += leg.amount;
        return { transferId: transferOf.get(leg.idempotencyKey)!, isReplay: false, balanceAfter: step.balance, held: step.held };
      });
    },
  };
}

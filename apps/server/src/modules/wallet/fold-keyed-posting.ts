import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db';
import { keyedPostingStatement, readKeyedPosting } from './keyed-posting-statement';
import { type LockedLegs, legLockQuery } from './leg-locks';
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

  // Waiting on a shard at random only when all are busy, as moveHotCounter does.
  const busyShard = 1 + Math.floor(Math.random() * counter.shardCount);
  const hashes = legs.map((leg) => legTransferHash(merchantId, counterId, leg));
  const { parts, answerSql, accountIds } = keyedPostingStatement({
    merchantId,
    counterId,
    legs,
    hashes,
    nowText: now.toISOString(),
    busyShard,
  });
  return folded(parts, answerSql, legs, accountIds);
}

/** A folded posting that also answers, as SQL, whether it completed (for a statement that must end with an error when not). */
export interface CheckedKeyedPosting extends FoldedKeyedPosting {
  /** A boolean SQL expression: every key claimed, the shard and each leg account moved, every entry written. */
  completeSql: SQL;
}

/**
 * The keyed posting for ONE autocommit statement of the caller's that locks nothing of the
 * wallet's beforehand (the slot spin's one-statement path, docs/ledger.md): the parts lock the leg
 * rows themselves (ascending id, `ledger_locked`) once `after` holds, before the counter's shard
 * (the ledger's lock order), and post only when every leg row was locked. `after` is a boolean
 * scalar SQL that names no column (evaluated once, first): the caller's own locks and checks, so
 * they come before the wallet's. Nothing here refuses: a failed guard or a key posted before
 * leaves `completeSql` false, and the caller's statement must then end with an error (nothing
 * of it kept); `results` also throws then.
 */
export async function foldKeyedPostingAfter(
  db: DbOrTx,
  request: KeyedBulkRequest,
  now: Date,
  options: { after: SQL; accountCache: AccountShapeCache },
): Promise<CheckedKeyedPosting> {
  checkKeyedRequest(request);
  const { merchantId, legs, counterAccountId: counterId } = request;
  const counter = await checkKeyedAccounts(db, merchantId, counterId, legs, options.accountCache);
  if (!counter.isHot) throw new Error('folded keyed posting: the counter account must be hot');
  const legIds = [...new Set(legs.map((leg) => leg.accountId))];
  const busyShard = 1 + Math.floor(Math.random() * counter.shardCount);
  const statement = keyedPostingStatement({
    merchantId,
    counterId,
    legs,
    hashes: legs.map((leg) => legTransferHash(merchantId, counterId, leg)),
    nowText: now.toISOString(),
    busyShard,
    legsGate: sql`(SELECT count(*) FROM ledger_locked) = ${legIds.length}`,
  });
  const locked = sql`ledger_locked AS MATERIALIZED (SELECT * FROM (${legLockQuery(legIds)}) AS locked WHERE ${options.after})`;
  return {
    ...folded(sql`${locked}, ${statement.parts}`, statement.answerSql, legs, statement.accountIds),
    completeSql: statement.completeSql,
  };
}

function folded(parts: SQL, answerSql: SQL, legs: KeyedBulkRequest['legs'], accountIds: number[]): FoldedKeyedPosting {
  return {
    parts,
    transferIdSql: (idempotencyKey) => sql`(SELECT id FROM ledger_claimed WHERE idempotency_key = ${idempotencyKey})`,
    answerSql,
    results(answer) {
      const { claimed, shardMoved, results } = readKeyedPosting(answer, legs, accountIds);
      if (claimed.length !== legs.length) throw new Error('folded keyed posting: a key was posted before');
      if (!shardMoved) throw new Error(`folded keyed posting: the counter shard did not move ${JSON.stringify(answer)}`);
      return results!;
    },
  };
}

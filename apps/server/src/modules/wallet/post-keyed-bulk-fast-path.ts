import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { executePrepared } from '../../platform/prepared-statement';
import { rowsOf } from '../../platform/sql-values';
import { keyedPostingStatement, readKeyedPosting } from './keyed-posting-statement';
import type { KeyedBulkRequest, PostedKeyedLeg } from './post-keyed-bulk-transfer';

/**
 * The keyed bulk posting in one statement (keyed-posting-statement.ts), for the case the vendor
 * batch always has: every key new, the leg rows already locked by the caller, a hot counter with a
 * free shard. Returns the results; or, when a key existed or every shard was busy, only the
 * claimed keys (nothing moved: the caller goes on step by step); a failed guard after the shard
 * moved is INSUFFICIENT_FUNDS (the caller's transaction or savepoint ends).
 */
export async function postAllFresh(
  tx: Tx,
  request: KeyedBulkRequest,
  hashes: string[],
  counterId: number,
  nowText: string,
): Promise<{ results: PostedKeyedLeg[] } | { claimed: { id: unknown; idempotency_key: string }[] }> {
  const { legs, merchantId } = request;
  const { parts, answerSql, accountIds } = keyedPostingStatement({ merchantId, counterId, legs, hashes, nowText, busyShard: null });
  // A named prepared statement: parsed once per connection and planned once its plan is generic.
  const [row] = rowsOf<{ answer: unknown }>(
    await executePrepared(tx, 'wallet_keyed_fast', sql`WITH ${parts} SELECT ${answerSql} AS answer`),
  );
  if (!row) throw new Error('keyed bulk transfer: no answer');
  const { claimed, results } = readKeyedPosting(row.answer, legs, accountIds);
  return results ? { results } : { claimed };
}

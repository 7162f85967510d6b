import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';

export interface PointsLedgerVerification {
  ok: boolean;
  checkedBalances: number;
  checkedEntries: number;
  /** Members whose balance row is not the sum of their entries (or entries without a balance row). */
  balancesMismatched: number;
  negativeBalances: number;
  /** EARN entries whose reference names no fact source (`ROUND:<id>` or `DEPOSIT:<id>`). */
  earnsWithoutSource: number;
  /** Entries whose balance_after is not the running sum of the member's entries. */
  runningMismatched: number;
  samples: number[];
}

/**
 * The points ledger's own check (part of `npm run ledger:verify`): each member's balance equals
 * the sum of the member's entries, none is negative, each entry's balance_after is the running
 * sum, and every EARN names the fact it came from. Read-only.
 */
export async function verifyPointsLedger(db: DbOrTx): Promise<PointsLedgerVerification> {
  const [totals] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      WITH sums AS (SELECT member_id, sum(delta) AS total, count(*) AS entries FROM points_entries GROUP BY member_id),
      joined AS (
        SELECT coalesce(b.member_id, s.member_id) AS member_id, coalesce(b.balance, 0) AS balance, coalesce(s.total, 0) AS total
        FROM points_balances b FULL JOIN sums s ON s.member_id = b.member_id
      ),
      running AS (
        SELECT member_id, balance_after, sum(delta) OVER (PARTITION BY member_id ORDER BY id) AS expected FROM points_entries
      )
      SELECT
        (SELECT count(*) FROM points_balances) AS balances,
        (SELECT count(*) FROM points_entries) AS entries,
        (SELECT count(*) FROM joined WHERE balance <> total) AS mismatched,
        (SELECT count(*) FROM points_balances WHERE balance < 0) AS negative,
        (SELECT count(*) FROM points_entries WHERE kind = 'EARN' AND reference !~ '^(ROUND|DEPOSIT):[0-9]+$') AS unsourced,
        (SELECT count(*) FROM running WHERE balance_after <> expected) AS running_mismatched,
        (SELECT coalesce(array_agg(member_id), '{}') FROM (SELECT member_id FROM joined WHERE balance <> total LIMIT 10) m) AS samples
    `),
  );
  const result = {
    checkedBalances: toNumber(totals?.balances),
    checkedEntries: toNumber(totals?.entries),
    balancesMismatched: toNumber(totals?.mismatched),
    negativeBalances: toNumber(totals?.negative),
    earnsWithoutSource: toNumber(totals?.unsourced),
    runningMismatched: toNumber(totals?.running_mismatched),
    samples: ((totals?.samples as unknown[] | undefined) ?? []).map(toNumber),
  };
  return {
    ...result,
    ok:
      result.balancesMismatched === 0 && result.negativeBalances === 0 && result.earnsWithoutSource === 0 && result.runningMismatched === 0,
  };
}

/** The one-line verdict `npm run ledger:verify` prints for the points ledger. */
export function formatPointsVerdict(result: PointsLedgerVerification): string {
  const scope = `${result.checkedBalances} balances, ${result.checkedEntries} entries`;
  if (result.ok) return `points:verify OK: ${scope}`;
  const breaches = [
    result.balancesMismatched && `${result.balancesMismatched} balances not matching their entries [${result.samples.join(',')}]`,
    result.negativeBalances && `${result.negativeBalances} balances below zero`,
    result.earnsWithoutSource && `${result.earnsWithoutSource} earns without a fact source`,
    result.runningMismatched && `${result.runningMismatched} entries with a wrong balance_after`,
  ].filter(Boolean);
  return `points:verify BREACH: ${breaches.join('; ')} (checked ${scope})`;
}

import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { rowsOf, toNumber } from '../../platform/sql-values';

export interface LedgerVerification {
  ok: boolean;
  checkedAccounts: number;
  checkedTransfers: number;
  checkedEntries: number;
  /** Transfers whose entries do not sum to zero per currency, that have no entries, mix trial and real, or cross merchants. */
  transfersUnbalanced: number;
  /** Accounts (or hot-account shards) whose balance or version disagrees with their entries, or whose entry chain is broken. */
  accountsMismatched: number;
  /** Member or agent accounts below zero, or holding more than their balance. */
  negativeMembers: number;
  /** Accounts whose held amount differs from their pending holds, or posted holds without a matching debit. */
  holdsMismatched: number;
  /** Currencies whose balances over all accounts do not add up to zero: money created or lost. */
  currenciesUnbalanced: string[];
  /** Up to 20 ids of each kind, for the one-line verdict and an operator's first look. */
  samples: { transfers: number[]; accounts: number[]; members: number[]; holds: number[] };
}

const SAMPLE_SIZE = 20;

/** Checks every ledger invariant over one consistent snapshot: each transfer sums to zero, balances and versions equal their entries, no member below zero, holds match. */
export async function verifyLedger(db: Db): Promise<LedgerVerification> {
  // One REPEATABLE READ snapshot: transfers committing meanwhile cannot show up half-counted.
  return db.transaction(
    async (tx) => {
      const [counts] = rowsOf<{ accounts: unknown; transfers: unknown; entries: unknown }>(
        await tx.execute(sql`SELECT (SELECT count(*) FROM ledger_accounts) AS accounts,
                                    (SELECT count(*) FROM ledger_transfers) AS transfers,
                                    (SELECT count(*) FROM ledger_entries) AS entries`),
      );
      const transfers = await countIds(tx, UNBALANCED_TRANSFERS);
      const accounts = await countIds(tx, MISMATCHED_ACCOUNTS);
      const members = await countIds(tx, NEGATIVE_MEMBERS);
      const holds = await countIds(tx, MISMATCHED_HOLDS);
      const currencies = rowsOf<{ currency: string }>(await tx.execute(UNBALANCED_CURRENCIES)).map((row) => row.currency);
      return {
        ok: transfers.count + accounts.count + members.count + holds.count + currencies.length === 0,
        checkedAccounts: toNumber(counts?.accounts),
        checkedTransfers: toNumber(counts?.transfers),
        checkedEntries: toNumber(counts?.entries),
        transfersUnbalanced: transfers.count,
        accountsMismatched: accounts.count,
        negativeMembers: members.count,
        holdsMismatched: holds.count,
        currenciesUnbalanced: currencies,
        samples: { transfers: transfers.sample, accounts: accounts.sample, members: members.sample, holds: holds.sample },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function countIds(tx: Tx, idsQuery: SQL): Promise<{ count: number; sample: number[] }> {
  const [row] = rowsOf<{ count: unknown; sample: string | null }>(
    await tx.execute(sql`WITH bad AS (${idsQuery})
      SELECT (SELECT count(DISTINCT id) FROM bad) AS count,
             (SELECT string_agg(id::text, ',') FROM (SELECT DISTINCT id FROM bad ORDER BY id LIMIT ${SAMPLE_SIZE}) AS first) AS sample`),
  );
  return { count: toNumber(row?.count), sample: row?.sample ? row.sample.split(',').map(Number) : [] };
}

const UNBALANCED_TRANSFERS = sql`
  SELECT e.transfer_id AS id
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
   GROUP BY e.transfer_id, a.currency
  HAVING sum(e.amount) <> 0
  UNION ALL
  SELECT t.id FROM ledger_transfers t
   WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transfer_id = t.id)
  UNION ALL
  SELECT e.transfer_id
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transfers t ON t.id = e.transfer_id
   GROUP BY e.transfer_id
  HAVING count(DISTINCT a.is_trial) > 1 OR bool_or(a.merchant_id <> t.merchant_id)`;

// A "chain" is a cold account's row or one shard of a hot account; each has its own versions.
const MISMATCHED_ACCOUNTS = sql`
  WITH chains AS (
    SELECT a.id AS account_id, 0::smallint AS shard, a.balance, a.version FROM ledger_accounts a WHERE NOT a.is_hot
    UNION ALL
    SELECT s.account_id, s.shard, s.balance, s.version FROM ledger_account_shards s
  ), sums AS (
    SELECT account_id, shard, sum(amount) AS total, count(*) AS n, max(account_version) AS top
      FROM ledger_entries GROUP BY account_id, shard
  )
  SELECT coalesce(c.account_id, s.account_id) AS id
    FROM chains c
    FULL JOIN sums s ON s.account_id = c.account_id AND s.shard = c.shard
    LEFT JOIN ledger_entries last ON last.account_id = c.account_id AND last.shard = c.shard AND last.account_version = c.version
   WHERE c.account_id IS NULL
      OR c.balance <> coalesce(s.total, 0)
      OR c.version <> coalesce(s.n, 0)
      OR c.version <> coalesce(s.top, 0)
      OR (c.version > 0 AND last.balance_after IS DISTINCT FROM c.balance)
  UNION ALL
  SELECT account_id FROM (
    SELECT account_id, amount, balance_after, account_version,
           lag(balance_after, 1, 0::bigint) OVER chain AS previous,
           row_number() OVER chain AS position
      FROM ledger_entries
    WINDOW chain AS (PARTITION BY account_id, shard ORDER BY account_version)
  ) AS steps
   WHERE balance_after <> previous + amount OR account_version <> position`;

const NEGATIVE_MEMBERS = sql`
  SELECT id FROM ledger_accounts
   WHERE owner_kind <> 'system' AND (balance < 0 OR held < 0 OR balance - held < 0)`;

const MISMATCHED_HOLDS = sql`
  SELECT a.id
    FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(amount) AS pending FROM ledger_holds WHERE status = 'pending' GROUP BY account_id) h
      ON h.account_id = a.id
   WHERE a.held <> coalesce(h.pending, 0)
  UNION ALL
  SELECT h.account_id
    FROM ledger_holds h
    LEFT JOIN ledger_entries e ON e.transfer_id = h.post_transfer_id AND e.account_id = h.account_id
   WHERE h.status = 'posted' AND e.amount IS DISTINCT FROM -h.posted_amount`;

const UNBALANCED_CURRENCIES = sql`
  SELECT currency FROM (
    SELECT a.currency, a.balance FROM ledger_accounts a WHERE NOT a.is_hot
    UNION ALL
    SELECT a.currency, s.balance FROM ledger_account_shards s JOIN ledger_accounts a ON a.id = s.account_id
  ) AS balances
   GROUP BY currency
  HAVING sum(balance) <> 0
   ORDER BY currency`;

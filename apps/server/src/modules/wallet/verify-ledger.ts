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

export interface VerifyLedgerOptions {
  /**
   * Run the two passes over the entries at once, on two connections that share one exported
   * snapshot (pg_export_snapshot / SET TRANSACTION SNAPSHOT): the same consistent view, about
   * half the time on two cores. Only for a pooled server database (PGlite has one connection).
   */
  isParallel?: boolean;
}

/**
 * Checks every ledger invariant over one consistent snapshot: each transfer sums to zero, balances
 * and versions equal their entries, no member below zero, holds match. Set-based: the entries are
 * read twice in all (once sorted in chain order, once sorted by transfer), whatever their number
 * (issue 16: 7.6 million entries, not a pass per check); no statement timeout applies inside.
 */
export async function verifyLedger(db: Db, options: VerifyLedgerOptions = {}): Promise<LedgerVerification> {
  // One REPEATABLE READ snapshot: transfers committing meanwhile cannot show up half-counted.
  return db.transaction(
    async (tx) => {
      await prepareVerifier(tx);
      let transferPass: Promise<TransferPass>;
      if (options.isParallel) {
        const [exported] = rowsOf<{ snapshot: string }>(await tx.execute(sql`SELECT pg_export_snapshot() AS snapshot`));
        const snapshot = exported?.snapshot ?? '';
        transferPass = db.transaction(
          async (other) => {
            // The first statement of the second transaction: it sees exactly what the first one sees.
            await other.execute(sql.raw(`SET TRANSACTION SNAPSHOT '${snapshot.replace(/[^0-9A-Fa-f-]/g, '')}'`));
            await prepareVerifier(other);
            return checkTransfers(other);
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
        // Awaited below; a failure of the first pass must not leave this one's rejection unhandled.
        transferPass.catch(() => undefined);
      } else {
        transferPass = checkTransfers(tx);
      }
      // Sequentially on one connection unless parallel (a transaction runs one statement at a time).
      const transfers = options.isParallel ? undefined : await transferPass;
      const chains = await checkChains(tx);
      const members = await countIds(tx, NEGATIVE_MEMBERS);
      const holds = await countIds(tx, MISMATCHED_HOLDS);
      const currencies = rowsOf<{ currency: string }>(await tx.execute(UNBALANCED_CURRENCIES)).map((row) => row.currency);
      const checked = transfers ?? (await transferPass);
      return {
        ok: checked.count + chains.count + members.count + holds.count + currencies.length === 0,
        checkedAccounts: chains.accounts,
        checkedTransfers: checked.transfers,
        checkedEntries: chains.entries,
        transfersUnbalanced: checked.count,
        accountsMismatched: chains.count,
        negativeMembers: members.count,
        holdsMismatched: holds.count,
        currenciesUnbalanced: currencies,
        samples: { transfers: checked.sample, accounts: chains.sample, members: members.sample, holds: holds.sample },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * A verification reads every entry: no request statement timeout, room to sort in memory (7.6
 * million entries sort in ~0.7 GB; a sort that spills to disk is several times slower), and no
 * JIT (compiling the passes' expressions cost seconds on a busy machine and saved less).
 */
async function prepareVerifier(tx: Tx): Promise<void> {
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
  await tx.execute(sql`SET LOCAL work_mem = '1GB'`);
  await tx.execute(sql`SET LOCAL jit = off`);
}

/**
 * Runs one whole-table pass with the plan shape it needs: sequential scans and one sort. An index
 * scan in chain or transfer order fetches the heap at random (measured 22 s against 15 s for scan
 * and sort at 7.6 million entries), and a hash aggregate over millions of transfers thrashes
 * memory (52 s against 10 s for sort and group); the planner picks both at times. The small
 * checks after it (holds, members) keep their index plans.
 */
async function asWholeTablePass<T>(tx: Tx, pass: () => Promise<T>): Promise<T> {
  await tx.execute(sql`SET LOCAL enable_indexscan = off`);
  await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
  await tx.execute(sql`SET LOCAL enable_hashagg = off`);
  const result = await pass();
  await tx.execute(sql`SET LOCAL enable_indexscan = on`);
  await tx.execute(sql`SET LOCAL enable_bitmapscan = on`);
  await tx.execute(sql`SET LOCAL enable_hashagg = on`);
  return result;
}

async function countIds(tx: Tx, idsQuery: SQL): Promise<{ count: number; sample: number[] }> {
  const [row] = rowsOf<{ count: unknown; sample: string | null }>(
    await tx.execute(sql`WITH bad AS (${idsQuery})
      SELECT (SELECT count(DISTINCT id) FROM bad) AS count,
             (SELECT string_agg(id::text, ',') FROM (SELECT DISTINCT id FROM bad ORDER BY id LIMIT ${SAMPLE_SIZE}) AS first) AS sample`),
  );
  return { count: toNumber(row?.count), sample: row?.sample ? row.sample.split(',').map(Number) : [] };
}

interface TransferPass {
  count: number;
  sample: number[];
  transfers: number;
}

/**
 * One pass over the entries by transfer, the transfers read alongside (one sort by transfer id,
 * then a streaming group per transfer; no join of millions of rows to millions): a transfer is
 * bad when its entries do not sum to zero in some currency, when it has no entries (or entries
 * have no transfer), when it mixes trial and real accounts, or when an account belongs to another
 * merchant. Each account's merchant, currency and realm travel as one number (its class), so
 * the usual transfer, all accounts of one class, is checked from its sum and class alone; a
 * transfer over several classes (several currencies: balanced per currency; any other mix is a
 * breach) is checked exactly, entry by entry, by its own query.
 */
async function checkTransfers(tx: Tx): Promise<TransferPass> {
  return asWholeTablePass(tx, () => transferPass(tx));
}

async function transferPass(tx: Tx): Promise<TransferPass> {
  const [row] = rowsOf<{ transfers: unknown; count: unknown; sample: string | null }>(
    await tx.execute(sql`
      WITH sides AS (
        SELECT e.transfer_id, e.amount, a.class, NULL::integer AS own_merchant
          FROM ledger_entries e
          JOIN (SELECT id, merchant_id::bigint * ${CLASS_MERCHANT} + array_position((SELECT array_agg(DISTINCT currency) FROM ledger_accounts), currency) * 2 + is_trial::integer AS class
                  FROM ledger_accounts) AS a ON a.id = e.account_id
        UNION ALL
        SELECT t.id, NULL, NULL, t.merchant_id FROM ledger_transfers t
      ), per_transfer AS (
        SELECT transfer_id, sum(amount) AS total, count(amount) AS entries, min(class) AS low_class, max(class) AS high_class,
               count(own_merchant) AS rows, min(own_merchant) AS own_merchant
          FROM sides GROUP BY transfer_id
      ), checked AS (
        SELECT transfer_id AS id, rows = 1 AS is_transfer,
               (rows <> 1 OR entries = 0 OR CASE
                  WHEN low_class = high_class THEN total <> 0 OR low_class / ${CLASS_MERCHANT} <> own_merchant
                  ELSE EXISTS (
                    SELECT 1 FROM (
                      SELECT sum(e.amount) AS total, bool_or(a.merchant_id <> per_transfer.own_merchant) AS is_cross_merchant,
                             bool_or(a.is_trial) AS any_trial, bool_and(a.is_trial) AS all_trial
                        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                       WHERE e.transfer_id = per_transfer.transfer_id
                       GROUP BY a.currency
                    ) AS per_currency
                    HAVING bool_or(per_currency.total <> 0 OR per_currency.is_cross_merchant)
                        OR bool_or(per_currency.any_trial) <> bool_and(per_currency.all_trial))
                END) AS is_bad
          FROM per_transfer
      )
      SELECT count(*) FILTER (WHERE is_transfer) AS transfers, count(*) FILTER (WHERE is_bad) AS count,
             array_to_string((array_agg(id ORDER BY id) FILTER (WHERE is_bad))[1:${SAMPLE_SIZE}], ',') AS sample
        FROM checked`),
  );
  return {
    count: toNumber(row?.count),
    sample: row?.sample ? row.sample.split(',').map(Number) : [],
    transfers: toNumber(row?.transfers),
  };
}

/** An account's class: merchant id times this, plus twice its currency's rank, plus 1 for a trial account. */
const CLASS_MERCHANT = 1_048_576;

/**
 * One pass over the entries in chain order (a "chain" is a cold account's row or one shard of a
 * hot account; each has its own versions): every step adds its amount to the previous balance
 * and its version is its position, so an unbroken chain ends at the sum of its amounts; the
 * account's balance must be that sum and its version the chain's length. The versions of a chain
 * are distinct (unique index) and at least 1 (check constraint), both enforced even with triggers
 * off; so when their count and their largest both equal the account's version they are exactly
 * 1..n, and the window only compares each step with the one before.
 */
async function checkChains(tx: Tx): Promise<ChainPass> {
  return asWholeTablePass(tx, () => chainPass(tx));
}

interface ChainPass {
  count: number;
  sample: number[];
  accounts: number;
  entries: number;
}

async function chainPass(tx: Tx): Promise<ChainPass> {
  const [row] = rowsOf<{ accounts: unknown; entries: unknown; count: unknown; sample: string | null }>(
    await tx.execute(sql`
      WITH chains AS (
        SELECT a.id AS account_id, 0::smallint AS shard, a.balance, a.version FROM ledger_accounts a WHERE NOT a.is_hot
        UNION ALL
        SELECT s.account_id, s.shard, s.balance, s.version FROM ledger_account_shards s
      ), steps AS (
        SELECT account_id, shard, amount, account_version,
               balance_after <> lag(balance_after, 1, 0::bigint) OVER chain + amount AS is_broken
          FROM ledger_entries
        WINDOW chain AS (PARTITION BY account_id, shard ORDER BY account_version)
      ), sums AS (
        SELECT account_id, shard, sum(amount) AS total, count(*) AS n, max(account_version) AS top, bool_or(is_broken) AS is_broken
          FROM steps GROUP BY account_id, shard
      ), checked AS (
        SELECT coalesce(c.account_id, s.account_id) AS id, coalesce(s.n, 0) AS n,
               (c.account_id IS NULL OR coalesce(s.is_broken, false) OR c.balance <> coalesce(s.total, 0)
                 OR c.version <> coalesce(s.n, 0) OR c.version <> coalesce(s.top, 0)) AS is_bad
          FROM chains c FULL JOIN sums s ON s.account_id = c.account_id AND s.shard = c.shard
      )
      SELECT (SELECT count(*) FROM ledger_accounts) AS accounts, sum(n) AS entries,
             count(DISTINCT id) FILTER (WHERE is_bad) AS count,
             (SELECT string_agg(id::text, ',') FROM (SELECT DISTINCT id FROM checked WHERE is_bad ORDER BY id LIMIT ${SAMPLE_SIZE}) AS first) AS sample
        FROM checked`),
  );
  return {
    count: toNumber(row?.count),
    sample: row?.sample ? row.sample.split(',').map(Number) : [],
    accounts: toNumber(row?.accounts),
    entries: toNumber(row?.entries),
  };
}

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

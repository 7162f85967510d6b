import { eq, sql } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/ledger';
import { BatchedReader, readerPerDatabase } from '../../platform/batched-reader';
import type { Db, DbOrTx } from '../../platform/db';

/**
 * One account's stored balance and held amount by id, zeros when there is none: a single
 * primary-key read for a member's own (never hot) account on a game's hot path. Hot accounts
 * keep part of their balance in shards: read those with getAccountBalance.
 */
export async function readAccountCash(db: DbOrTx, accountId: number): Promise<{ balance: bigint; held: bigint }> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row ?? { balance: 0n, held: 0n };
}

type CashRow = { id: number; balance: bigint; held: bigint };

function buildCashQuery(db: DbOrTx) {
  return db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} IN (SELECT jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::bigint)`)
    .prepare('wallet_read_accounts_cash');
}

const cashReaderOf = readerPerDatabase((db) => {
  const query = buildCashQuery(db);
  return new BatchedReader<CashRow>(
    (ids) => query.execute({ ids }),
    (row) => String(row.id),
  );
});

/**
 * readAccountCash for reads outside any transaction that many calls make at once (a vendor's
 * balance calls): the reads of calls arriving together share one statement
 * (platform/batched-reader.ts). A read asked for while another is on its way goes with the next
 * statement, so it never answers from before it was asked.
 */
export async function readAccountCashShared(db: Db, accountId: number): Promise<{ balance: bigint; held: bigint }> {
  const row = await cashReaderOf(db).read(String(accountId));
  return row ? { balance: row.balance, held: row.held } : { balance: 0n, held: 0n };
}

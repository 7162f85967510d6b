import { eq, sql } from 'drizzle-orm';
import { ledgerAccountShards, ledgerAccounts } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';

export interface AccountBalance {
  accountId: number;
  currency: string;
  balance: bigint;
  held: bigint;
  available: bigint;
  /** Entries so far; for a hot account the sum over its shards. */
  version: number;
}

/** Reads one account's balance; a hot account's balance is the sum of its shards. */
export async function getAccountBalance(db: DbOrTx, accountId: number): Promise<AccountBalance> {
  const [row] = await db
    .select({
      accountId: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      isHot: ledgerAccounts.isHot,
      balance: ledgerAccounts.balance,
      held: ledgerAccounts.held,
      version: ledgerAccounts.version,
      shardBalance: sql<string>`(SELECT coalesce(sum(${ledgerAccountShards.balance}), 0)::text FROM ${ledgerAccountShards} WHERE ${ledgerAccountShards.accountId} = ${ledgerAccounts.id})`,
      shardVersion: sql<string>`(SELECT coalesce(sum(${ledgerAccountShards.version}), 0)::text FROM ${ledgerAccountShards} WHERE ${ledgerAccountShards.accountId} = ${ledgerAccounts.id})`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  if (!row) throw new AppError('NOT_FOUND', { value: { accountId } });
  const balance = row.isHot ? BigInt(row.shardBalance) : row.balance;
  const version = row.isHot ? Number(row.shardVersion) : row.version;
  return { accountId: row.accountId, currency: row.currency, balance, held: row.held, available: balance - row.held, version };
}

import { and, type Column, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';

/*
 * Small reads other modules need of the ledger, so that none of them selects its tables.
 */

/** The member's real (not trial) cash account, or null when the wallet was never opened. */
export async function findMemberCashAccountId(db: DbOrTx, memberId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerMemberId, memberId), eq(ledgerAccounts.code, 'MEMBER_CASH'), ne(ledgerAccounts.isTrial, true)))
    .limit(1);
  return row?.id ?? null;
}

/** What the transfer posted under this idempotency key credited (its positive legs), or null when there is none. */
export async function creditedUnderKey(db: DbOrTx, merchantId: number, idempotencyKey: string): Promise<bigint | null> {
  const [transfer] = await db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.merchantId, merchantId), eq(ledgerTransfers.idempotencyKey, idempotencyKey)));
  if (!transfer) return null;
  const [credit] = await db
    .select({ amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transferId, transfer.id), gt(ledgerEntries.amount, 0n)));
  return BigInt(credit?.amount ?? '0');
}

/** The member's balance right after its leg of a transfer (not the counter account's), or null. */
export async function memberBalanceAfter(db: DbOrTx, transferId: number, memberId: number): Promise<bigint | null> {
  const [entry] = await db
    .select({ balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEntries.transferId, transferId), eq(ledgerAccounts.ownerMemberId, memberId)));
  return entry?.balanceAfter ?? null;
}

/**
 * A scalar SQL expression for lists that show each member's available cash (balance - held, as
 * text; null without a wallet) in the same query: the wallet keeps its table, the list stays one
 * statement.
 */
export function availableCashSql(memberId: Column | SQL, merchantId?: number): SQL<string | null> {
  // With the merchant, the lookup is one probe of the (merchant_id, owner_member_id, code, subkey) index (issue 16).
  const merchant =
    merchantId === undefined ? sql`` : sql` and ${ledgerAccounts.merchantId} = ${merchantId} and ${ledgerAccounts.subkey} = ''`;
  return sql<
    string | null
  >`(select (${ledgerAccounts.balance} - ${ledgerAccounts.held})::text from ${ledgerAccounts} where ${ledgerAccounts.ownerMemberId} = ${memberId} and ${ledgerAccounts.code} = 'MEMBER_CASH'${merchant} limit 1)`;
}

/**
 * A scalar SQL expression: one account's available cash in minor units (balance - held; null
 * when there is no such account), for a statement that answers with the balance it leaves
 * (the vendor round's stored answer) without a second round trip.
 */
export function accountAvailableMinorSql(accountId: number): SQL<bigint | null> {
  return sql<
    bigint | null
  >`(select ${ledgerAccounts.balance} - ${ledgerAccounts.held} from ${ledgerAccounts} where ${ledgerAccounts.id} = ${accountId})`;
}

/**
 * A derived table of every account's owner and realm (id, merchant_id, owner_member_id, currency,
 * is_trial), for set-based inserts keyed by account ids (a lottery draw's rounds); PostgreSQL
 * inlines it, so the statement and its plan are the same as a join on the account table.
 */
export function accountOwnersRelation(): SQL {
  return sql`(select id, merchant_id, owner_member_id, currency, is_trial from ${ledgerAccounts})`;
}

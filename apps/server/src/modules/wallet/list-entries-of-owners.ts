import type { LedgerAccountCode, LedgerTransferType } from '@kismat/contracts/wallet';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';

export interface OwnerEntry {
  entryId: number;
  ownerMemberId: number;
  ownerName: string;
  type: LedgerTransferType;
  description: string | null;
  amount: bigint;
  balanceAfter: bigint;
  createdAt: Date;
}

/**
 * A page of ledger entries (newest first) on the accounts of a set of members that another
 * module names by SQL: `owners` is a subquery of member ids (an agent's subtree, from the member
 * module's face) and `ownerName` a scalar expression naming an owner id, so the page and its count
 * stay two statements while the wallet keeps its tables. Paged by keyset (`beforeEntryId`, the
 * primary key walked backwards), never by OFFSET; the count is bounded and only when asked.
 */
export async function listEntriesOfOwners(
  db: DbOrTx,
  input: {
    owners: SQL;
    ownerName: (ownerId: SQL) => SQL<string>;
    accountCodes: readonly LedgerAccountCode[];
    type?: LedgerTransferType | undefined;
    from: Date;
    to: Date;
    limit: number;
    /** Keyset paging: only entries older than this one (the previous page's last entry id). */
    beforeEntryId?: number | undefined;
    /** Count at most this many (a bounded count: a team's millions of entries are never all counted); none: no count. */
    countLimit?: number | undefined;
  },
): Promise<{ items: OwnerEntry[]; total: number | null }> {
  const where = and(
    sql`${ledgerAccounts.ownerMemberId} in ${input.owners}`,
    inArray(ledgerAccounts.code, [...input.accountCodes]),
    input.type ? eq(ledgerTransfers.type, input.type) : undefined,
    gte(ledgerEntries.createdAt, input.from),
    lt(ledgerEntries.createdAt, input.to),
    input.beforeEntryId === undefined ? undefined : lt(ledgerEntries.id, input.beforeEntryId),
  );
  const items = await db
    .select({
      entryId: ledgerEntries.id,
      ownerMemberId: sql<number>`${ledgerAccounts.ownerMemberId}`.mapWith(Number),
      ownerName: input.ownerName(sql`${ledgerAccounts.ownerMemberId}`),
      type: ledgerTransfers.type,
      description: ledgerTransfers.description,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(where)
    .orderBy(desc(ledgerEntries.id))
    .limit(input.limit);
  if (input.countLimit === undefined) return { items, total: null };
  const counted = db
    .select({ one: sql`1` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(where);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(counted.limit(input.countLimit).as('counted'));
  return { items, total: Number(count?.total ?? 0) };
}

import type { LedgerAccountCode, LedgerTransferType } from '@kismat/contracts/wallet';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../platform/sql-values';

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

type OwnersQuery = {
  owners: SQL;
  accountCodes: readonly LedgerAccountCode[];
  type?: LedgerTransferType | undefined;
  from: Date;
  to: Date;
  /** Keyset paging: only entries older than this one (the previous page's last entry id). */
  beforeEntryId?: number | undefined;
};

function ownersWhere(input: OwnersQuery): SQL | undefined {
  return and(
    sql`${ledgerAccounts.ownerMemberId} in ${input.owners}`,
    inArray(ledgerAccounts.code, [...input.accountCodes]),
    input.type ? eq(ledgerTransfers.type, input.type) : undefined,
    gte(ledgerEntries.createdAt, input.from),
    lt(ledgerEntries.createdAt, input.to),
    input.beforeEntryId === undefined ? undefined : lt(ledgerEntries.id, input.beforeEntryId),
  );
}

/**
 * A page of ledger entries (newest first) on the accounts of a set of members that another
 * module names by SQL: `owners` is a subquery of member ids (an agent's subtree, from the member
 * module's face) and `ownerName` a scalar expression naming an owner id, so the page and its count
 * stay two statements while the wallet keeps its tables. Paged by keyset (`beforeEntryId`, the
 * primary key walked backwards), never by OFFSET; the count is bounded and only when asked.
 *
 * Two plans, chosen by the caller who knows the set's size (`fewOwners`): a large set (a team of
 * thousands, most entries of the ledger theirs) walks the entries' primary key backwards and
 * probes each entry's account and owner, stopping after a page; a few owners read each of their
 * accounts' newest entries by (account_id, id) and merge them, so a small team deep in a ledger
 * of millions never walks other members' entries.
 */
export async function listEntriesOfOwners(
  db: DbOrTx,
  input: OwnersQuery & {
    ownerName: (ownerId: SQL) => SQL<string>;
    limit: number;
    /** The owners are few (a small team): read per account instead of walking the ledger. */
    fewOwners?: boolean | undefined;
    /** Count at most this many (a bounded count: a team's millions of entries are never all counted); none: no count. */
    countLimit?: number | undefined;
  },
): Promise<{ items: OwnerEntry[]; total: number | null }> {
  const items = input.fewOwners ? await listEntriesPerAccount(db, input) : await listEntriesByWalk(db, input);
  if (input.countLimit === undefined) return { items, total: null };
  return { items, total: await countEntriesOfOwners(db, { ...input, countLimit: input.countLimit }) };
}

async function listEntriesByWalk(db: DbOrTx, input: OwnersQuery & { ownerName: (ownerId: SQL) => SQL<string>; limit: number }) {
  return db
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
    .where(ownersWhere(input))
    .orderBy(desc(ledgerEntries.id))
    .limit(input.limit);
}

/** Each account's newest `limit` entries in the period (index ledger_entries_account_id), merged newest first. */
async function listEntriesPerAccount(
  db: DbOrTx,
  input: OwnersQuery & { ownerName: (ownerId: SQL) => SQL<string>; limit: number },
): Promise<OwnerEntry[]> {
  const rows = rowsOf<{
    id: string | number;
    owner_id: string | number;
    owner_name: string;
    type: LedgerTransferType;
    description: string | null;
    amount: string;
    balance_after: string;
    created_at: string | Date;
  }>(
    await db.execute(sql`SELECT e.id, a.owner_member_id AS owner_id, ${input.ownerName(sql`a.owner_member_id`)} AS owner_name,
        e.type, e.description, e.amount::text AS amount, e.balance_after::text AS balance_after, e.created_at
      FROM ${ledgerAccounts} a
      CROSS JOIN LATERAL (
        SELECT entry.id, entry.amount, entry.balance_after, entry.created_at, transfer.type, transfer.description
        FROM ${ledgerEntries} entry JOIN ${ledgerTransfers} transfer ON transfer.id = entry.transfer_id
        WHERE entry.account_id = a.id AND entry.created_at >= ${input.from.toISOString()}::timestamptz
          AND entry.created_at < ${input.to.toISOString()}::timestamptz
          ${input.beforeEntryId === undefined ? sql`` : sql`AND entry.id < ${input.beforeEntryId}`}
          ${input.type ? sql`AND transfer.type = ${input.type}` : sql``}
        ORDER BY entry.id DESC LIMIT ${input.limit}) e
      WHERE a.owner_member_id IN ${input.owners}
        AND a.code IN (${sql.join(
          input.accountCodes.map((code) => sql`${code}`),
          sql`, `,
        )})
      ORDER BY e.id DESC LIMIT ${input.limit}`),
  );
  return rows.map((row) => ({
    entryId: Number(row.id),
    ownerMemberId: Number(row.owner_id),
    ownerName: row.owner_name,
    type: row.type,
    description: row.description,
    amount: BigInt(row.amount),
    balanceAfter: BigInt(row.balance_after),
    createdAt: new Date(row.created_at),
  }));
}

/** How many entries of the owners' accounts match, counted up to `countLimit` (a bounded count). */
export async function countEntriesOfOwners(db: DbOrTx, input: OwnersQuery & { countLimit: number }): Promise<number> {
  const counted = db
    .select({ one: sql`1` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(ownersWhere(input));
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(counted.limit(input.countLimit).as('counted'));
  return Number(count?.total ?? 0);
}

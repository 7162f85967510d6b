import type { LedgerAccountCode, LedgerTransferType } from '@kismat/contracts/wallet';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';
import { invalidTransfer } from './ledger-request';

export interface ListMemberEntriesInput {
  merchantId: number;
  memberId: number;
  /** Which of the member's accounts; all of them by default. */
  accountCodes?: readonly LedgerAccountCode[] | undefined;
  types?: readonly LedgerTransferType[] | undefined;
  /** Inclusive lower bound of created_at. */
  from?: Date | undefined;
  /** Exclusive upper bound of created_at. */
  to?: Date | undefined;
  /** 1..100, default 20. */
  limit?: number | undefined;
  /** Keyset paging: the nextCursor of the previous page (stable while new entries arrive). */
  cursor?: string | undefined;
  /** Page paging (1-based) for numbered pagers; ignored when a cursor is given. */
  page?: number | undefined;
}

export interface MemberEntry {
  entryId: number;
  transferId: number;
  type: LedgerTransferType;
  accountCode: LedgerAccountCode;
  currency: string;
  amount: bigint;
  balanceAfter: bigint;
  createdAt: Date;
  referenceKind: string | null;
  referenceId: string | null;
  description: string | null;
  reversalOf: number | null;
}

export interface MemberEntriesPage {
  items: MemberEntry[];
  nextCursor: string | null;
  /** Over the whole filter, not just this page. */
  total: number;
  credited: bigint;
  debited: bigint;
}

const MAX_LIMIT = 100;

/** Lists a member's ledger entries newest first (by entry id, i.e. write order), with type and date filters, cursor or page paging and totals (the transaction history). */
export async function listMemberEntries(db: DbOrTx, input: ListMemberEntriesInput): Promise<MemberEntriesPage> {
  const limit = input.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw invalidTransfer('limit');
  if (input.cursor !== undefined && !/^[1-9]\d{0,18}$/.test(input.cursor)) throw invalidTransfer('cursor');
  const page = input.page ?? 1;
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw invalidTransfer('page');

  const filters: (SQL | undefined)[] = [
    eq(ledgerAccounts.merchantId, input.merchantId),
    eq(ledgerAccounts.ownerMemberId, input.memberId),
    input.accountCodes?.length ? inArray(ledgerAccounts.code, [...input.accountCodes]) : undefined,
    input.types?.length ? inArray(ledgerTransfers.type, [...input.types]) : undefined,
    input.from ? gte(ledgerEntries.createdAt, input.from) : undefined,
    input.to ? lt(ledgerEntries.createdAt, input.to) : undefined,
  ];
  const where = and(...filters);

  const rows = await db
    .select({
      entryId: ledgerEntries.id,
      transferId: ledgerEntries.transferId,
      type: ledgerTransfers.type,
      accountCode: ledgerAccounts.code,
      currency: ledgerAccounts.currency,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      createdAt: ledgerEntries.createdAt,
      referenceKind: ledgerTransfers.referenceKind,
      referenceId: ledgerTransfers.referenceId,
      description: ledgerTransfers.description,
      reversalOf: ledgerTransfers.reversalOf,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(input.cursor ? and(where, lt(ledgerEntries.id, Number(input.cursor))) : where)
    .orderBy(desc(ledgerEntries.id))
    .limit(limit + 1)
    .offset(input.cursor ? 0 : (page - 1) * limit);

  const [totals] = await db
    .select({
      total: sql<string>`count(*)::text`,
      credited: sql<string>`coalesce(sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} > 0), 0)::text`,
      debited: sql<string>`coalesce(-sum(${ledgerEntries.amount}) FILTER (WHERE ${ledgerEntries.amount} < 0), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(where);

  const items = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    items,
    nextCursor: hasMore ? String(items[items.length - 1]!.entryId) : null,
    total: Number(totals?.total ?? 0),
    credited: BigInt(totals?.credited ?? '0'),
    debited: BigInt(totals?.debited ?? '0'),
  };
}

import type { LedgerAccountCode, LedgerHoldStatus, LedgerOwnerKind, LedgerTransferType } from '@kismat/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintRef, bigserialId, createdAt, idempotencyColumns, merchantRef, money } from './columns';

/*
 * The double-entry ledger (docs/ledger.md). Amounts are integer minor units in bigint.
 * Entries and transfers are append-only (triggers in migration 0003_ledger_guards refuse
 * UPDATE, DELETE and TRUNCATE); a correction is a reversing transfer.
 */

/**
 * One balance: a member's cash, bonus, points or trial wallet, an agent's earnings, or a
 * system account (house, clearing per channel or vendor, promotion cost...). A cold account
 * keeps its running balance, held amount and version in this row, updated under the row lock.
 * A hot system account never updates this row: its balance lives in `ledger_account_shards`.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    ownerKind: text('owner_kind').$type<LedgerOwnerKind>().notNull(),
    /** members.id of the owner (member or agent); null for system accounts. FK added once members settles. */
    ownerMemberId: bigint('owner_member_id', { mode: 'number' }),
    code: text('code').$type<LedgerAccountCode>().notNull(),
    /** Tells apart system accounts of one code: the cashier channel or the vendor code. */
    subkey: text('subkey').notNull().default(''),
    currency: text('currency').notNull(),
    /** Play money. No transfer may mix trial and real accounts. */
    isTrial: boolean('is_trial').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    /** Only system accounts may go below zero (clearing and cost accounts are negative by nature). */
    allowsNegative: boolean('allows_negative').notNull().default(false),
    /** Number of balance shards of a hot account; 0 for a cold one. */
    shardCount: smallint('shard_count').notNull().default(0),
    balance: money('balance').default(sql`0`),
    /** Sum of the pending holds on this account; available = balance - held. */
    held: money('held').default(sql`0`),
    /** Number of entries of this account; each entry carries the version it produced. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_code_unique')
      .on(table.merchantId, table.ownerMemberId, table.code, table.subkey)
      .where(sql`${table.ownerMemberId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_code_unique')
      .on(table.merchantId, table.code, table.subkey, table.currency)
      .where(sql`${table.ownerMemberId} IS NULL`),
    check('ledger_accounts_owner_kind', sql`${table.ownerKind} IN ('member', 'agent', 'system')`),
    check('ledger_accounts_owner_member', sql`(${table.ownerKind} = 'system') = (${table.ownerMemberId} IS NULL)`),
    check('ledger_accounts_negative_only_system', sql`${table.ownerKind} = 'system' OR NOT ${table.allowsNegative}`),
    check('ledger_accounts_held_non_negative', sql`${table.held} >= 0`),
    // The last line of defence behind the guarded debit: even a buggy statement cannot overdraw.
    check('ledger_accounts_non_negative', sql`${table.allowsNegative} OR ${table.balance} - ${table.held} >= 0`),
    check(
      'ledger_accounts_hot_shape',
      sql`CASE WHEN ${table.isHot}
        THEN ${table.ownerKind} = 'system' AND ${table.allowsNegative} AND ${table.shardCount} BETWEEN 1 AND 64
          AND ${table.balance} = 0 AND ${table.held} = 0 AND ${table.version} = 0
        ELSE ${table.shardCount} = 0 END`,
    ),
  ],
);

/**
 * The running balance of a hot account, split into a few rows. A transfer updates one shard it
 * can lock without waiting (SKIP LOCKED), so players never queue behind one house row. The
 * account's balance is the sum of its shards; each shard has its own entry chain and version.
 */
export const ledgerAccountShards = pgTable(
  'ledger_account_shards',
  {
    accountId: bigintRef('account_id', () => ledgerAccounts.id),
    shard: smallint('shard').notNull(),
    balance: money('balance').default(sql`0`),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.shard] }), check('ledger_account_shards_shard', sql`${table.shard} >= 1`)],
);

/** One business event (a deposit, a bet, a payout...). Its entries sum to zero per currency. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    type: text('type').$type<LedgerTransferType>().notNull(),
    /** Unique per merchant: a repeated key returns the first result instead of moving money again. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of what the transfer does; the same key with other content is IDEMPOTENCY_CONFLICT. */
    requestHash: text('request_hash').notNull(),
    /** The business row behind the transfer (deposit, withdrawal, bet, contract bill...). */
    referenceKind: text('reference_kind'),
    referenceId: text('reference_id'),
    reversalOf: bigint('reversal_of', { mode: 'number' }).references((): AnyPgColumn => ledgerTransfers.id),
    description: text('description'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_unique').on(table.merchantId, table.idempotencyKey),
    // A transfer is reversed at most once, whatever keys the callers use.
    uniqueIndex('ledger_transfers_reversal_unique').on(table.reversalOf).where(sql`${table.reversalOf} IS NOT NULL`),
    index('ledger_transfers_reference').on(table.merchantId, table.referenceKind, table.referenceId),
    check('ledger_transfers_key_length', sql`length(${table.idempotencyKey}) BETWEEN 1 AND 200`),
  ],
);

/**
 * One side of a transfer on one account. balance_after and account_version make each account a
 * verifiable chain: entry n of an account has version n and balance_after = previous + amount.
 * For a hot account the chain is per shard (shard >= 1); cold accounts use shard 0.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserialId(),
    transferId: bigintRef('transfer_id', () => ledgerTransfers.id),
    accountId: bigintRef('account_id', () => ledgerAccounts.id),
    shard: smallint('shard').notNull().default(0),
    amount: money('amount'),
    balanceAfter: money('balance_after'),
    accountVersion: bigint('account_version', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // Two writers can never both produce version n of one account (or shard).
    uniqueIndex('ledger_entries_account_version_unique').on(table.accountId, table.shard, table.accountVersion),
    index('ledger_entries_account_id').on(table.accountId, table.id),
    // An account's entries newest first in a period (the agent's downline transactions, issue 16).
    index('ledger_entries_account_created').on(table.accountId, table.createdAt),
    index('ledger_entries_transfer').on(table.transferId),
    check('ledger_entries_amount_non_zero', sql`${table.amount} <> 0`),
    check('ledger_entries_version_positive', sql`${table.accountVersion} >= 1`),
  ],
);

/**
 * A reservation on an account (a withdrawal awaiting payment, an open bet): it lowers the
 * available balance until it is posted (fully or partly; the rest is released) or voided, once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    accountId: bigintRef('account_id', () => ledgerAccounts.id),
    type: text('type').$type<LedgerTransferType>().notNull(),
    amount: money('amount'),
    status: text('status').$type<LedgerHoldStatus>().notNull().default('pending'),
    postedAmount: bigint('posted_amount', { mode: 'bigint' }),
    postTransferId: bigint('post_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    ...idempotencyColumns(),
    referenceKind: text('reference_kind'),
    referenceId: text('reference_id'),
    description: text('description'),
    voidReason: text('void_reason'),
    /** When a sweeper may void it; null holds wait for an explicit post or void. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_holds_idempotency_unique').on(table.merchantId, table.idempotencyKey),
    index('ledger_holds_pending_account').on(table.accountId).where(sql`${table.status} = 'pending'`),
    index('ledger_holds_reference').on(table.merchantId, table.referenceKind, table.referenceId),
    check('ledger_holds_amount_positive', sql`${table.amount} > 0`),
    check('ledger_holds_status', sql`${table.status} IN ('pending', 'posted', 'voided')`),
    check('ledger_holds_resolved', sql`(${table.status} = 'pending') = (${table.resolvedAt} IS NULL)`),
    check(
      'ledger_holds_posted',
      sql`(${table.status} = 'posted') = (${table.postTransferId} IS NOT NULL AND ${table.postedAmount} IS NOT NULL)`,
    ),
    check('ledger_holds_posted_amount', sql`${table.postedAmount} IS NULL OR ${table.postedAmount} BETWEEN 1 AND ${table.amount}`),
    check('ledger_holds_key_length', sql`length(${table.idempotencyKey}) BETWEEN 1 AND 200`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type LedgerHoldRow = typeof ledgerHolds.$inferSelect;

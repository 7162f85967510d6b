import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bankAccounts } from './accounts';
import {
  bigintRef,
  bigserialId,
  createdAt,
  idempotencyColumns,
  integerRef,
  memberRef,
  memberRowColumns,
  merchantRef,
  money,
  reviewColumns,
  serialId,
} from './columns';

/** Localised text: { BN, EN, SW }. */
export type LocalisedText = Record<string, string>;

/** Where members pay in: manual channels (bank, bKash, Nagad) and online gateways. */
export const depositChannels = pgTable(
  'deposit_channels',
  {
    id: serialId(),
    merchantId: merchantRef(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    name: jsonb('name').$type<LocalisedText>().notNull(),
    instructions: jsonb('instructions').$type<LocalisedText>().notNull(),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    /** The gateway provider (e.g. 'sandbox'); null for manual channels. */
    provider: text('provider'),
    /** Provider secrets (callback signing key); never sent to members. */
    providerSettings: jsonb('provider_settings').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('deposit_channels_merchant_code_unique').on(table.merchantId, table.code),
    check('deposit_channels_kind_check', sql`${table.kind} in ('bank', 'bkash', 'nagad', 'gateway')`),
    check('deposit_channels_amounts_check', sql`${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount}`),
  ],
);

/** Files members upload (deposit proof, not-received proof); the bytes live in the storage adapter. */
export const cashierUploads = pgTable('cashier_uploads', {
  id: text('id').primaryKey(),
  merchantId: merchantRef(),
  memberId: memberRef(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  createdAt: createdAt(),
});

export const depositRequests = pgTable(
  'deposit_requests',
  {
    ...memberRowColumns(),
    channelId: integerRef('channel_id', () => depositChannels.id),
    amount: money('amount'),
    reference: text('reference'),
    proofUploadId: text('proof_upload_id').references(() => cashierUploads.id),
    status: text('status').notNull().default('pending'),
    /** The client's key: a retried submit returns the first request. */
    ...idempotencyColumns(),
    gatewayTransactionId: text('gateway_transaction_id'),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    /** Online (gateway) orders only, fixed at creation from the merchant's setting: unpaid by then, the order expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** 'cancelled' or 'expired': the provider's signed `paid` came after the order closed, and was credited anyway. */
    paidAfter: text('paid_after'),
    /** Provider channels (issue 22): the provider's transaction id of the money (bKash trxID, M-Pesa receipt), for refunds and reconciliation. */
    providerTransactionId: text('provider_transaction_id'),
    /** A provider refund of this (credited) deposit: when, and the provider's refund transaction id. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundTransactionId: text('refund_transaction_id'),
    /** Where the member pays this order at the provider (bKash's bkashURL); null for prompt-to-phone providers. */
    providerPayUrl: text('provider_pay_url'),
    ...reviewColumns(),
  },
  (table) => [
    uniqueIndex('deposit_requests_idempotency_unique').on(table.merchantId, table.memberId, table.idempotencyKey),
    uniqueIndex('deposit_requests_gateway_txn_unique')
      .on(table.channelId, table.gatewayTransactionId)
      .where(sql`${table.gatewayTransactionId} is not null`),
    // One open online order per member and channel: a double tap (or two tabs) with fresh
    // idempotency keys reuses it instead of leaving a second order pending forever (issue 12 item 3).
    uniqueIndex('deposit_requests_open_online_unique')
      .on(table.memberId, table.channelId)
      .where(sql`${table.status} = 'pending' and ${table.expiresAt} is not null`),
    index('deposit_requests_expiring_idx').on(table.expiresAt).where(sql`${table.status} = 'pending' and ${table.expiresAt} is not null`),
    index('deposit_requests_member_idx').on(table.memberId, table.createdAt),
    index('deposit_requests_status_idx').on(table.status, table.createdAt),
    // The reconciliation reads a day of gateway deposits in keyset batches (migration 0044).
    index('deposit_requests_gateway_resolved_idx')
      .on(table.merchantId, table.resolvedAt, table.id)
      .where(sql`${table.gatewayTransactionId} is not null`),
    check('deposit_requests_amount_check', sql`${table.amount} > 0`),
    check('deposit_requests_status_check', sql`${table.status} in ('pending', 'approved', 'rejected', 'failed', 'cancelled', 'expired')`),
    check('deposit_requests_paid_after_check', sql`${table.paidAfter} is null or ${table.paidAfter} in ('cancelled', 'expired')`),
  ],
);

/** Every gateway callback as received, so a replay of the same event is recognised and answered alike. */
export const gatewayCallbacks = pgTable(
  'gateway_callbacks',
  {
    id: bigserialId(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    depositId: bigint('deposit_id', { mode: 'number' }),
    status: text('status').notNull(),
    outcome: text('outcome').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('gateway_callbacks_event_unique').on(table.provider, table.eventId)],
);

export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    ...memberRowColumns(),
    bankAccountId: bigintRef('bank_account_id', () => bankAccounts.id),
    amount: money('amount'),
    holdId: bigint('hold_id', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    confirmation: text('confirmation'),
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    confirmProofUploadId: text('confirm_proof_upload_id').references(() => cashierUploads.id),
    confirmDeadline: timestamp('confirm_deadline', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...idempotencyColumns(),
    ...reviewColumns(),
  },
  (table) => [
    uniqueIndex('withdrawal_requests_idempotency_unique').on(table.merchantId, table.memberId, table.idempotencyKey),
    index('withdrawal_requests_member_idx').on(table.memberId, table.createdAt),
    index('withdrawal_requests_status_idx').on(table.status, table.createdAt),
    index('withdrawal_requests_awaiting_idx').on(table.confirmDeadline).where(sql`${table.confirmation} = 'awaiting'`),
    check('withdrawal_requests_amount_check', sql`${table.amount} > 0`),
    check('withdrawal_requests_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** Agent-to-downline and member-to-upline transfers: the business row of each ledger transfer, and what daily limits count. */
export const memberTransfers = pgTable(
  'member_transfers',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    fromMemberId: memberRef('from_member_id'),
    toMemberId: memberRef('to_member_id'),
    kind: text('kind').notNull(),
    amount: money('amount'),
    ...idempotencyColumns(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('member_transfers_idempotency_unique').on(table.merchantId, table.fromMemberId, table.idempotencyKey),
    index('member_transfers_from_idx').on(table.fromMemberId, table.createdAt),
    check('member_transfers_kind_check', sql`${table.kind} in ('downline', 'upline')`),
    check('member_transfers_amount_check', sql`${table.amount} > 0`),
  ],
);

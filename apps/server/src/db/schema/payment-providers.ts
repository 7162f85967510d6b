import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depositChannels, withdrawalRequests } from './cashier';
import { bigintRef, bigserialId, createdAt, integerRef, merchantRef, money, updatedAt } from './columns';

/*
 * Payouts through a payment provider (issue 22): one row per approved withdrawal sent to a rail
 * (bKash B2C, M-Pesa B2C, Nagad disbursement). The withdrawal's hold was posted at approval
 * (MEMBER_CASH -> CASHIER_CLEARING:bank); `paid` ends it there, `failed` reverses it once
 * (CASHIER_CLEARING:bank -> MEMBER_CASH, ledger key `withdrawal-payout-reversal:<withdrawal>`).
 */
export const providerPayouts = pgTable(
  'provider_payouts',
  {
    id: bigserialId(),
    merchantId: merchantRef(),
    withdrawalId: bigintRef('withdrawal_id', () => withdrawalRequests.id),
    channelId: integerRef('channel_id', () => depositChannels.id),
    provider: text('provider').notNull(),
    amount: money('amount'),
    /** The member's wallet number (MSISDN) the money goes to. */
    receiver: text('receiver').notNull(),
    /** sending: about to call the provider; sent: accepted, result pending; paid; failed (reversed). */
    status: text('status').notNull().default('sending'),
    providerPayoutId: text('provider_payout_id'),
    providerTransactionId: text('provider_transaction_id'),
    failureCode: text('failure_code'),
    /** The ledger transfer that gave the member the money back after a failure. */
    reversalTransferId: bigint('reversal_transfer_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('provider_payouts_withdrawal_unique').on(table.withdrawalId),
    uniqueIndex('provider_payouts_provider_id_unique')
      .on(table.provider, table.providerPayoutId)
      .where(sql`${table.providerPayoutId} is not null`),
    index('provider_payouts_open_idx').on(table.status, table.createdAt).where(sql`${table.status} in ('sending', 'sent')`),
    check('provider_payouts_status_check', sql`${table.status} in ('sending', 'sent', 'paid', 'failed')`),
    check('provider_payouts_amount_check', sql`${table.amount} > 0`),
  ],
);

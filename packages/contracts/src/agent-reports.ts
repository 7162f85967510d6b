import { z } from 'zod';
import {
  BILL_STATUSES,
  billValue,
  contractType,
  cursorPaged,
  DATE_PRESETS,
  day,
  pageCursor,
  paged,
  pageQuery,
  periodQuery,
  resolvedPeriodValue,
} from './agent-vocabulary';
import { idempotencyKeyField, paymentPasswordField } from './cashier';
import { envelopeOf, moneyString } from './envelope';
import { recordIdParam } from './ids';
import { memberType } from './member';
import { amountInput, amountOutput, ledgerTransferType } from './wallet';

/* The agent's bills, payments and reports (the calls are AGENT_PATHS of ./agent.ts, whose conventions apply). */

// ---------------------------------------------------------------------------------------------
// Bills and reports

export const billsQuery = pageQuery.extend({
  type: contractType.optional(),
  /** RECEIVED: bills paid to the caller; PAID: bills the caller paid (its downlines'). */
  side: z.enum(['RECEIVED', 'PAID', 'ALL']).default('ALL'),
  status: z.enum(BILL_STATUSES).optional(),
  preset: z.enum(DATE_PRESETS).optional(),
  startDate: day.optional(),
  endDate: day.optional(),
});
export const billsValue = paged(billValue).extend({ totalDue: amountOutput, totalPaid: amountOutput });
export const billsResponse = envelopeOf(billsValue);

/**
 * Pay now (the payer of a PARTIAL or UNPAID bill): from its earnings first, then its cash
 * wallet, at most what is still owed. The payment password as for transfers; the idempotency
 * key (body or Idempotency-Key header) makes a retried request pay once.
 */
export const payBillBody = z.object({
  paymentPassword: paymentPasswordField,
  idempotencyKey: idempotencyKeyField,
});
export const payBillValue = z.object({
  bill: billValue,
  /** Moved by this request (a replay answers what the first request moved). */
  paidNow: amountOutput,
  /** Still owed after it: amountDue - amountPaid. */
  remaining: amountOutput,
});
export const payBillResponse = envelopeOf(payBillValue);

/** Earnings to wallet: AGENT_EARNINGS -> MEMBER_CASH of the caller; the key makes a retry move it once. */
export const earningsToWalletBody = z.object({
  amount: amountInput(),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{8,100}$/)
    .optional(),
});
export const earningsToWalletValue = z.object({
  transferId: z.number().int(),
  amount: amountOutput,
  cashBalance: amountOutput,
  earningsBalance: amountOutput,
});
export const earningsToWalletResponse = envelopeOf(earningsToWalletValue);

export const revenueReportQuery = periodQuery;
export const revenueReportValue = z.object({
  period: resolvedPeriodValue,
  rows: z.array(
    z.object({
      type: contractType,
      received: amountOutput,
      paidToDownlines: amountOutput,
      /** received - paidToDownlines. */
      net: amountOutput,
      /** Bills of the caller's downlines left PARTIAL or UNPAID (what it still owes). */
      outstanding: amountOutput,
    }),
  ),
  totalReceived: amountOutput,
  totalPaid: amountOutput,
  totalNet: amountOutput,
});
export const revenueReportResponse = envelopeOf(revenueReportValue);

export const profitLossQuery = periodQuery.merge(pageQuery).extend({
  /** Rows per direct downline (each with its team) or per individual member of the subtree. */
  groupBy: z.enum(['DIRECT', 'MEMBER']).default('DIRECT'),
  underId: recordIdParam.optional(),
});
export const profitLossRow = z.object({
  memberId: z.number().int(),
  username: z.string(),
  type: memberType,
  teamSize: z.number().int(),
  validBet: amountOutput,
  payout: amountOutput,
  /** Members' payouts - stakes. */
  memberWinLoss: amountOutput,
  betCount: z.number().int(),
  deposits: amountOutput,
  withdrawals: amountOutput,
});
export const profitLossValue = paged(profitLossRow).extend({
  period: resolvedPeriodValue,
  totals: profitLossRow.pick({ validBet: true, payout: true, memberWinLoss: true, betCount: true, deposits: true, withdrawals: true }),
});
export const profitLossResponse = envelopeOf(profitLossValue);

export const downlineTransactionsQuery = periodQuery.merge(pageQuery).extend({
  memberId: recordIdParam.optional(),
  type: ledgerTransferType.optional(),
  /** The previous page's `nextCursor` (keyset on the entry id); absent: the first page. */
  cursor: pageCursor.optional(),
});
export const downlineTransactionValue = z.object({
  entryId: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  type: ledgerTransferType,
  description: z.string().nullable(),
  amount: moneyString,
  balanceAfter: moneyString,
  createdAt: z.string().datetime(),
});
export const downlineTransactionsResponse = envelopeOf(cursorPaged(downlineTransactionValue).extend({ period: resolvedPeriodValue }));

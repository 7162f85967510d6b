import { formatAmount, tryParseAmount } from '@kismat/contracts/wallet';
import type { DepositRow } from '../../deposit-queries';
import {
  type PaymentProvider,
  type ProviderCallbackRequest,
  type ProviderChannelConfig,
  ProviderError,
  type ProviderPaymentStatus,
  type ProviderPayoutStatus,
  type StatementLine,
} from '../../payment-provider';
import { depositResultPath } from '../../provider-config';
import { payoutReferenceOf } from '../../provider-payout-queries';
import { BKASH_PROVIDER, BkashClient, type BkashPaymentResponse } from './bkash-client';
import { BKASH_MEMBER_CODES, bkashMessageOf } from './bkash-messages';

export { clearBkashTokenCache } from './bkash-client';
export { bkashMessageOf } from './bkash-messages';

/** Our invoice number of a deposit at bKash (merchantInvoiceNumber), echoed in its answers and statement. */
export function bkashInvoiceOf(depositId: number): string {
  return `KD${depositId}`;
}

const PAYMENT_ID = /^[A-Za-z0-9_-]{6,64}$/;

function amountOf(text: string): bigint | null {
  const parsed = tryParseAmount(text);
  return parsed.ok ? parsed.value : null;
}

/** bKash's answer about a payment in our terms: only `Completed` with our invoice and amount is paid. */
function statusOf(deposit: DepositRow, answer: BkashPaymentResponse, eventId: string): ProviderPaymentStatus {
  if (answer.paymentID !== deposit.gatewayTransactionId || answer.merchantInvoiceNumber !== bkashInvoiceOf(deposit.id)) {
    // Signed by bKash but about another payment: never credit it to this order.
    throw new ProviderError(BKASH_PROVIDER, 'MISMATCH', 'bKash answered about another payment');
  }
  if (answer.transactionStatus === 'Completed') {
    const amount = amountOf(answer.amount);
    if (amount === null) throw new ProviderError(BKASH_PROVIDER, 'BAD_AMOUNT', `bKash amount ${answer.amount}`);
    return {
      providerPaymentId: answer.paymentID,
      status: 'paid',
      amount,
      ...(answer.trxID ? { providerTransactionId: answer.trxID } : {}),
      eventId,
    };
  }
  if (answer.transactionStatus === 'Initiated' || answer.transactionStatus === 'Authorized') {
    return { providerPaymentId: answer.paymentID, status: 'pending', eventId };
  }
  return { providerPaymentId: answer.paymentID, status: 'failed', failureCode: answer.transactionStatus.toLowerCase(), eventId };
}

/**
 * bKash Tokenized Checkout (without agreement, mode 0011) for deposits and the Checkout B2C payout
 * for withdrawals. docs/payments.md "bKash" maps each call and state.
 *
 * bKash's callback is the member's BROWSER coming back to our callbackURL with `paymentID` and
 * `status`: nothing in it is signed, so it is never believed. `success` makes us call Execute
 * Payment server-to-server (our credentials, bKash's answer); `failure`/`cancel` make us ask Query
 * Payment (a cancel link replayed after a payment must not fail a paid order). Credit follows only
 * bKash's own `Completed` with our invoice number and the order's amount.
 */
export const bkashProvider: PaymentProvider = {
  provider: BKASH_PROVIDER,
  baseUrls: { sandbox: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta', live: 'https://tokenized.pay.bka.sh/v1.2.0-beta' },
  credentialNames: ['username', 'password', 'appKey', 'appSecret'],
  supportsPayouts: true,

  async startDeposit(config, deposit, payer) {
    const created = await new BkashClient(config).createPayment({
      // bKash pre-fills the wallet number on its page when payerReference is one.
      payerReference: payer.phone?.replace(/^\+?880/, '0') ?? `M${payer.memberId}`,
      callbackURL: config.callbackUrl,
      amount: formatAmount(deposit.amount),
      merchantInvoiceNumber: bkashInvoiceOf(deposit.id),
    });
    if (!PAYMENT_ID.test(created.paymentID) || !/^https?:\/\//.test(created.bkashURL)) {
      throw new ProviderError(BKASH_PROVIDER, 'BAD_CREATE', 'bKash create answered without paymentID/bkashURL');
    }
    return { providerPaymentId: created.paymentID, next: { kind: 'redirect', url: created.bkashURL } };
  },

  depositCallbackPaymentId(request: ProviderCallbackRequest) {
    const paymentId = request.query.paymentID;
    return paymentId && PAYMENT_ID.test(paymentId) ? paymentId : null;
  },

  async verifyDepositCallback(config, deposit, request) {
    const status = request.query.status;
    if (status !== 'success' && status !== 'failure' && status !== 'cancel') return null;
    const client = new BkashClient(config);
    const paymentId = deposit.gatewayTransactionId ?? '';
    if (status === 'success') {
      try {
        return statusOf(deposit, await client.executePayment(paymentId), `execute:${paymentId}`);
      } catch (error) {
        // 2062/2117: executed already (a duplicate callback, or the sweep was first): ask for the result.
        // 2056 "Invalid Payment State": not authorised (a forged success link) - the query tells.
        if (!(error instanceof ProviderError)) throw error;
        // The payer's own failure (2023 balance, PIN, OTP, wallet...): the order fails with bKash's reason.
        if (!error.isUncertain && /^\d{4}$/.test(error.code) && BKASH_MEMBER_CODES.includes(error.code)) {
          return { providerPaymentId: paymentId, status: 'failed', failureCode: error.code, eventId: `execute:${paymentId}` };
        }
        if (!['2062', '2117', '2056'].includes(error.code)) throw error;
      }
      return statusOf(deposit, await client.queryPayment(paymentId), `execute:${paymentId}`);
    }
    const answer = statusOf(deposit, await client.queryPayment(paymentId), `${status}:${paymentId}`);
    // Paid after all (an old cancel link replayed): bKash's word wins. Otherwise what the member chose.
    if (answer.status === 'paid') return answer;
    return { providerPaymentId: paymentId, status: 'failed', failureCode: status, eventId: `${status}:${paymentId}` };
  },

  replyToDepositCallback(_config, outcome) {
    // The member's browser: back to our result page (relative, on the site they came from).
    return { kind: 'redirect', url: depositResultPath(outcome?.depositId ?? 0) };
  },

  async queryDeposit(config, deposit) {
    const paymentId = deposit.gatewayTransactionId ?? '';
    return statusOf(deposit, await new BkashClient(config).queryPayment(paymentId), `query:${paymentId}`);
  },

  async refundDeposit(config, deposit, input) {
    try {
      const answer = await new BkashClient(config).refund({
        paymentID: deposit.gatewayTransactionId ?? '',
        trxID: deposit.providerTransactionId,
        amount: formatAmount(input.amount),
        sku: input.refundId,
        reason: input.reason.slice(0, 255),
      });
      if (answer.transactionStatus !== 'Completed') return { status: 'failed', failureCode: answer.transactionStatus };
      return { status: 'refunded', refundTransactionId: answer.refundTrxID };
    } catch (error) {
      if (error instanceof ProviderError && !error.isUncertain) return { status: 'failed', failureCode: error.code };
      throw error;
    }
  },

  async startPayout(config, payout): Promise<ProviderPayoutStatus> {
    const answer = await new BkashClient(config).b2cPayment({
      amount: formatAmount(payout.amount),
      merchantInvoiceNumber: payoutReferenceOf(payout.payoutId),
      receiverMSISDN: payout.receiver.replace(/^\+?880/, '0'),
    });
    if (answer.merchantInvoiceNumber !== payoutReferenceOf(payout.payoutId) || amountOf(answer.amount) !== payout.amount) {
      throw new ProviderError(BKASH_PROVIDER, 'MISMATCH', 'bKash B2C answered about another payout', true);
    }
    const eventId = `b2c:${answer.trxID}`;
    if (answer.transactionStatus === 'Completed')
      return { providerPayoutId: answer.trxID, status: 'paid', providerTransactionId: answer.trxID, eventId };
    return { providerPayoutId: answer.trxID, status: 'failed', failureCode: answer.transactionStatus, eventId };
  },

  async queryPayout(config, payout): Promise<ProviderPayoutStatus> {
    // B2C answers at once; with no answer (a timeout) there is no trxID to search and bKash offers
    // no search by invoice: the payout stays for the operator and the day's reconciliation.
    if (!payout.providerPayoutId) return { providerPayoutId: null, status: 'sent', eventId: `query:${payout.payoutId}` };
    const answer = await new BkashClient(config).searchTransaction(payout.providerPayoutId);
    const eventId = `search:${answer.trxID}`;
    if (answer.transactionStatus === 'Completed')
      return { providerPayoutId: answer.trxID, status: 'paid', providerTransactionId: answer.trxID, eventId };
    return { providerPayoutId: answer.trxID, status: 'failed', failureCode: answer.transactionStatus, eventId };
  },

  async fetchStatement(config: ProviderChannelConfig, range): Promise<StatementLine[]> {
    const answer = await new BkashClient(config).statement({ fromDate: range.from.toISOString(), toDate: range.to.toISOString() });
    return answer.transactions.map((line) => ({
      direction: line.transactionType === 'Payment' ? 'in' : line.transactionType === 'Refund' ? 'refund' : 'out',
      providerTransactionId: line.trxID,
      merchantReference: line.merchantInvoiceNumber,
      amount: amountOf(line.amount) ?? 0n,
      occurredAt: new Date(line.completedTime),
      status: line.transactionStatus,
    }));
  },

  messageOf: bkashMessageOf,
};

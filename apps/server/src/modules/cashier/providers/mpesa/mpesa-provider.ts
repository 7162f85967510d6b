import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  PaymentProvider,
  PayoutOrder,
  ProviderCallbackReply,
  ProviderCallbackRequest,
  ProviderChannelConfig,
  ProviderPaymentStatus,
  ProviderPayoutStatus,
  StatementLine,
} from '../../payment-provider';
import { ProviderError } from '../../payment-provider';
import { DARAJA_ACCEPTED, parseResult, parseStkCallback } from './daraja-callbacks';
import { type DarajaAccount, DarajaClient, DarajaError, type Fetch, toDarajaMsisdn } from './daraja-client';

/*
 * M-Pesa (Safaricom Daraja) as a payment provider: deposits by M-Pesa Express (STK Push), payouts
 * by B2C. docs/payments.md "M-Pesa" has the flow, the states and the result codes.
 *
 * Daraja signs nothing it sends us, so a callback is only a hint. The attack: anyone who learns
 * our callback URL posts `ResultCode: 0` for their own pending order and is credited money they
 * never paid. The defences, all of them every time:
 *  1. every order gets its own callback URL carrying an HMAC of its id (MPESA_CALLBACK_SECRET):
 *     a forged post for someone else's order does not even reach the order;
 *  2. the body must name the CheckoutRequestID Daraja gave us for that order, and on success the
 *     amount we asked and the phone we prompted (an HMAC of it rides in the URL too);
 *  3. the money moves only on our own STK Query over TLS to Safaricom answering ResultCode 0: the
 *     callback is never the proof. A forged failure cannot cancel a paid order either (the query
 *     says paid).
 * A source-IP allow-list of Safaricom's published callback addresses belongs at the proxy in
 * front (docs/payments.md); it is defence in depth, not a substitute for 3.
 */

const PROVIDER = 'mpesa';
/** Daraja's minimum B2C amount is KSh 10; STK Push takes KSh 1 and up. */
const MINOR_PER_SHILLING = 100n;

function hmacOf(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('base64url');
}

function sameText(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  // Constant time: a token must not be guessable byte by byte from response timing.
  return left.length === right.length && timingSafeEqual(left, right);
}

function wholeShillings(amount: bigint, what: string): number {
  if (amount % MINOR_PER_SHILLING !== 0n) throw new ProviderError(PROVIDER, 'amount_not_whole', `${what} must be whole shillings`);
  return Number(amount / MINOR_PER_SHILLING);
}

function callbackSecretOf(config: ProviderChannelConfig): string {
  const secret = config.credentials.callbackSecret;
  if (!secret || secret.length < 16) throw new ProviderError(PROVIDER, 'config', 'callbackSecret must be at least 16 characters');
  return secret;
}

function accountOf(config: ProviderChannelConfig): DarajaAccount {
  const shortCode = config.settings.shortCode ?? '';
  const transactionType = config.settings.transactionType === 'CustomerBuyGoodsOnline' ? 'CustomerBuyGoodsOnline' : 'CustomerPayBillOnline';
  return {
    baseUrl: config.baseUrl,
    shortCode,
    transactionType,
    partyB: config.settings.partyB ?? shortCode,
    b2cShortCode: config.settings.b2cShortCode ?? shortCode,
  };
}

let httpForTests: Fetch | null = null;

/** Tests route Daraja calls to the in-process fake (app.inject) instead of the network. */
export function useDarajaHttp(http: Fetch | null): void {
  httpForTests = http;
}

function clientOf(config: ProviderChannelConfig): DarajaClient {
  const { credentials } = config;
  return new DarajaClient(
    accountOf(config),
    {
      consumerKey: credentials.consumerKey ?? '',
      consumerSecret: credentials.consumerSecret ?? '',
      passkey: credentials.passkey ?? '',
      initiatorName: config.settings.initiatorName ?? '',
      initiatorPassword: credentials.initiatorPassword ?? '',
      certificatePem: credentials.certificate ?? '',
    },
    httpForTests ?? undefined,
  );
}

/** A Daraja failure as the cashier's ProviderError: a timeout or a reset means "unknown", never "failed". */
function providerErrorOf(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof DarajaError)
    return new ProviderError(PROVIDER, error.errorCode, error.errorMessage, error.httpStatus >= 500 && !error.isStillProcessing);
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError(PROVIDER, 'network', message, true);
}

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return target.toString();
}

function payoutCallbackUrl(config: ProviderChannelConfig, payoutId: number, step: 'result' | 'timeout' | 'status'): string {
  const base = config.callbackUrl.replace(/\/deposit$/, '/payout');
  return withQuery(base, { payout: String(payoutId), step, t: hmacOf(callbackSecretOf(config), `payout:${payoutId}`) });
}

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return null;
  }
}

function resultParameter(rawBody: string, key: string): string | null {
  const parsed = parseJson(rawBody) as { Result?: { ResultParameters?: { ResultParameter?: unknown } } } | null;
  const parameters = parsed?.Result?.ResultParameters?.ResultParameter;
  const list = Array.isArray(parameters) ? parameters : parameters ? [parameters] : [];
  const found = (list as Array<{ Key?: unknown; Value?: unknown }>).find((entry) => entry.Key === key);
  return found?.Value === undefined ? null : String(found.Value);
}

async function confirmByQuery(
  config: ProviderChannelConfig,
  checkoutRequestId: string,
  amount: bigint,
  eventId: string,
  receipt?: string | null,
) {
  let answer: Awaited<ReturnType<DarajaClient['stkQuery']>>;
  try {
    answer = await clientOf(config).stkQuery(checkoutRequestId);
  } catch (error) {
    throw providerErrorOf(error);
  }
  const status: ProviderPaymentStatus = { providerPaymentId: checkoutRequestId, status: answer.state, eventId };
  if (answer.state === 'paid') {
    status.amount = amount;
    if (receipt) status.providerTransactionId = receipt;
  }
  if (answer.state === 'failed') status.failureCode = answer.resultCode;
  return status;
}

/** One CSV line of the org portal export ("quoted","cells"), quotes doubled inside. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g;
  for (const match of line.matchAll(pattern)) cells.push((match[1] ?? match[2] ?? '').replace(/""/g, '"'));
  return cells;
}

/** The org portal's statement (Receipt No., Completion Time in EAT, Paid In, Withdrawn, Reason Type, A/C No. ...) in our terms. */
export function parseOrgStatement(csv: string): StatementLine[] {
  const [headerLine, ...rows] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!headerLine) return [];
  const header = csvCells(headerLine);
  const column = (name: string) => header.indexOf(name);
  const at = {
    receipt: column('Receipt No.'),
    time: column('Completion Time'),
    status: column('Transaction Status'),
    paidIn: column('Paid In'),
    withdrawn: column('Withdrawn'),
    reason: column('Reason Type'),
    account: column('A/C No.'),
  };
  if (Object.values(at).some((index) => index < 0))
    throw new ProviderError(PROVIDER, 'statement_format', 'the statement lacks a known column');
  return rows.map((row) => {
    const cells = csvCells(row);
    const paidIn = Number(cells[at.paidIn] || 0);
    const withdrawn = Math.abs(Number(cells[at.withdrawn] || 0));
    const reason = cells[at.reason] ?? '';
    // Completion Time is Nairobi time (UTC+3, no daylight saving).
    const occurredAt = new Date(`${(cells[at.time] ?? '').replace(' ', 'T')}+03:00`);
    return {
      direction: reason === 'Reversal' ? 'refund' : paidIn > 0 ? 'in' : 'out',
      providerTransactionId: cells[at.receipt] ?? '',
      merchantReference: cells[at.account] || null,
      amount: BigInt(Math.round((paidIn > 0 ? paidIn : withdrawn) * 100)),
      occurredAt,
      status: cells[at.status] ?? '',
    } satisfies StatementLine;
  });
}

export const mpesaProvider: PaymentProvider = {
  provider: PROVIDER,
  baseUrls: { sandbox: 'https://sandbox.safaricom.co.ke', live: 'https://api.safaricom.co.ke' },
  credentialNames: ['consumerKey', 'consumerSecret', 'passkey', 'initiatorPassword', 'certificate', 'callbackSecret'],
  supportsPayouts: true,

  async startDeposit(config, deposit, payer) {
    const phone = payer.phone ? toDarajaMsisdn(payer.phone) : null;
    if (!phone) throw new ProviderError(PROVIDER, 'phone_invalid', 'an M-Pesa number (07XX XXX XXX or 2547XXXXXXXX) is required');
    const amount = wholeShillings(deposit.amount, 'an M-Pesa deposit');
    const secret = callbackSecretOf(config);
    const callbackUrl = withQuery(config.callbackUrl, {
      deposit: String(deposit.id),
      t: hmacOf(secret, `deposit:${deposit.id}`),
      p: hmacOf(secret, `phone:${deposit.id}:${phone}`),
    });
    try {
      const pushed = await clientOf(config).stkPush({
        amount,
        phone,
        callbackUrl,
        accountReference: `KSM${deposit.id}`,
        description: 'Deposit',
      });
      return { providerPaymentId: pushed.checkoutRequestId, next: { kind: 'prompt_sent' } };
    } catch (error) {
      throw providerErrorOf(error);
    }
  },

  depositCallbackPaymentId(request) {
    const callback = parseStkCallback(parseJson(request.rawBody));
    return callback?.checkoutRequestId ?? null;
  },

  async verifyDepositCallback(config, deposit, request) {
    const secret = callbackSecretOf(config);
    // 1. The order's own URL: a post for another order, or with a guessed token, stops here.
    if (request.query.deposit !== String(deposit.id) || !sameText(request.query.t, hmacOf(secret, `deposit:${deposit.id}`))) return null;
    const callback = parseStkCallback(parseJson(request.rawBody));
    // 2. The id Daraja gave this order, and on success the amount asked and the phone prompted.
    if (!callback || callback.checkoutRequestId !== deposit.gatewayTransactionId) return null;
    if (callback.resultCode === 0) {
      if (callback.amount === null || BigInt(Math.round(callback.amount * 100)) !== deposit.amount) return null;
      const phone = callback.phone ? toDarajaMsisdn(callback.phone) : null;
      if (!phone || !sameText(request.query.p, hmacOf(secret, `phone:${deposit.id}:${phone}`))) return null;
    }
    // 3. Safaricom's own answer decides (the callback is never the proof).
    const eventId = `${callback.checkoutRequestId}:${callback.resultCode}`;
    return confirmByQuery(config, callback.checkoutRequestId, deposit.amount, eventId, callback.receipt);
  },

  replyToDepositCallback(_config, outcome): ProviderCallbackReply {
    // Daraja retries a callback that is not answered 200; a refused one is answered so too, since
    // a retry of a forgery changes nothing and a retry storm helps nobody.
    return { kind: 'json', status: 200, body: outcome ? DARAJA_ACCEPTED : { ResultCode: 1, ResultDesc: 'Rejected' } };
  },

  async queryDeposit(config, deposit) {
    if (!deposit.gatewayTransactionId)
      return { providerPaymentId: '', status: 'failed', failureCode: 'not_started', eventId: `query:${deposit.id}:not_started` };
    const answer = await confirmByQuery(config, deposit.gatewayTransactionId, deposit.amount, `query:${deposit.gatewayTransactionId}`);
    answer.eventId = `query:${deposit.gatewayTransactionId}:${answer.status}`;
    return answer;
  },

  async refundDeposit(config, deposit, input) {
    // Daraja's Transaction Reversal: accepted now, its result comes to the ResultURL later. The
    // acknowledgement is recorded as the refund's id; a failed reversal result is refused there.
    const amount = wholeShillings(input.amount, 'a reversal');
    try {
      const accepted = await clientOf(config).reversal({
        transactionId: deposit.providerTransactionId,
        amount,
        remarks: input.reason,
        resultUrl: withQuery(config.callbackUrl.replace(/\/deposit$/, '/payout'), { reversal: input.refundId }),
        queueTimeOutUrl: withQuery(config.callbackUrl.replace(/\/deposit$/, '/payout'), { reversal: input.refundId, step: 'timeout' }),
      });
      return {
        status: 'refunded',
        refundTransactionId: String(accepted.ConversationID ?? accepted.OriginatorConversationID ?? input.refundId),
      };
    } catch (error) {
      const failure = providerErrorOf(error);
      if (failure.isUncertain) throw failure;
      return { status: 'failed', failureCode: failure.code };
    }
  },

  async startPayout(config, payout) {
    const phone = toDarajaMsisdn(payout.receiver);
    if (!phone)
      return { providerPayoutId: null, status: 'failed', failureCode: 'phone_invalid', eventId: `payout:${payout.payoutId}:phone_invalid` };
    const amount = wholeShillings(payout.amount, 'an M-Pesa payout');
    // Our id as OriginatorConversationID: a retried request after a timeout is refused by Daraja as
    // a duplicate instead of paying twice.
    const originatorConversationId = `kismat-payout-${payout.payoutId}`;
    try {
      const accepted = await clientOf(config).b2cPayment({
        originatorConversationId,
        amount,
        phone,
        remarks: `Withdrawal ${payout.withdrawalId}`,
        occasion: `W${payout.withdrawalId}`,
        resultUrl: payoutCallbackUrl(config, payout.payoutId, 'result'),
        queueTimeOutUrl: payoutCallbackUrl(config, payout.payoutId, 'timeout'),
      });
      return { providerPayoutId: accepted.conversationId, status: 'sent', eventId: `payout:${payout.payoutId}:sent` };
    } catch (error) {
      if (error instanceof DarajaError && error.errorCode === '400.002.05') {
        return { providerPayoutId: payout.providerPayoutId, status: 'sent', eventId: `payout:${payout.payoutId}:sent` };
      }
      const failure = providerErrorOf(error);
      if (failure.isUncertain) throw failure;
      // Refused before any money moved (bad credential, bad number): the cashier releases the hold.
      return { providerPayoutId: null, status: 'failed', failureCode: failure.code, eventId: `payout:${payout.payoutId}:refused` };
    }
  },

  payoutCallbackPayoutId(request) {
    // Our reference (KP<id>, provider-payout-queries.ts), which the cashier finds the payout by.
    return request.query.payout && /^\d{1,15}$/.test(request.query.payout) ? `KP${request.query.payout}` : null;
  },

  async verifyPayoutCallback(config, payout, request) {
    if (!sameText(request.query.t, hmacOf(callbackSecretOf(config), `payout:${payout.payoutId}`))) return null;
    const result = parseResult(parseJson(request.rawBody));
    if (!result) return null;
    const step = request.query.step;
    if (step === 'timeout') {
      // The request sat in Safaricom's queue too long: the outcome is unknown, so nothing is
      // paid or released; the cashier asks Transaction Status.
      return {
        providerPayoutId: payout.providerPayoutId,
        status: 'sent',
        eventId: `payout:${payout.payoutId}:timeout:${result.originatorConversationId}`,
      };
    }
    if (step === 'status') {
      // A Transaction Status result: its own conversation ids, the payout's in the parameters.
      if (resultParameter(request.rawBody, 'OriginatorConversationID') !== `kismat-payout-${payout.payoutId}`) return null;
      const state = resultParameter(request.rawBody, 'TransactionStatus');
      const receipt = resultParameter(request.rawBody, 'ReceiptNo');
      if (state === 'Completed' && receipt)
        return {
          providerPayoutId: payout.providerPayoutId,
          status: 'paid',
          providerTransactionId: receipt,
          eventId: `payout:${payout.payoutId}:paid`,
        };
      if (state === 'Failed')
        return {
          providerPayoutId: payout.providerPayoutId,
          status: 'failed',
          failureCode: 'status_failed',
          eventId: `payout:${payout.payoutId}:failed`,
        };
      return {
        providerPayoutId: payout.providerPayoutId,
        status: 'sent',
        eventId: `payout:${payout.payoutId}:status:${result.originatorConversationId}`,
      };
    }
    // The B2C result: it must name this payout and the ConversationID Daraja gave us (never published).
    if (result.originatorConversationId !== `kismat-payout-${payout.payoutId}`) return null;
    if (payout.providerPayoutId && result.conversationId !== payout.providerPayoutId) return null;
    if (result.resultCode === '0') {
      if (result.amount === null || BigInt(Math.round(result.amount * 100)) !== payout.amount) return null;
      return {
        providerPayoutId: payout.providerPayoutId,
        status: 'paid',
        providerTransactionId: result.receipt ?? result.transactionId ?? '',
        eventId: `payout:${payout.payoutId}:paid`,
      };
    }
    return {
      providerPayoutId: payout.providerPayoutId,
      status: 'failed',
      failureCode: result.resultCode,
      eventId: `payout:${payout.payoutId}:failed`,
    };
  },

  async queryPayout(config, payout: PayoutOrder): Promise<ProviderPayoutStatus> {
    // Transaction Status answers asynchronously (to the payout's URL, step=status): until then the payout stays sent.
    try {
      await clientOf(config).transactionStatus({
        originatorConversationId: `kismat-payout-${payout.payoutId}`,
        resultUrl: payoutCallbackUrl(config, payout.payoutId, 'status'),
        queueTimeOutUrl: payoutCallbackUrl(config, payout.payoutId, 'timeout'),
      });
    } catch (error) {
      throw providerErrorOf(error);
    }
    return { providerPayoutId: payout.providerPayoutId, status: 'sent', eventId: `payout:${payout.payoutId}:queried` };
  },

  async fetchStatement(config, range) {
    // Daraja has no statement call: the org portal exports one (the fake serves it at /org-portal/statement.csv).
    const path = config.settings.statementPath;
    if (!path) throw new ProviderError(PROVIDER, 'statement_unavailable', 'no statementPath: Daraja has no statement API');
    try {
      return parseOrgStatement(await clientOf(config).orgStatementCsv(path, range.from, range.to));
    } catch (error) {
      throw providerErrorOf(error);
    }
  },
};

export type { ProviderCallbackRequest };

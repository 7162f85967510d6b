import type { DepositRow } from '../../deposit-queries';
import {
  type PaymentProvider,
  type ProviderChannelConfig,
  ProviderError,
  type ProviderPaymentStatus,
  type ProviderPayoutStatus,
  type StatementLine,
} from '../../payment-provider';
import { depositResultPath } from '../../provider-config';
import { payoutReferenceOf } from '../../provider-payout-queries';
import { NagadClient, NagadError, type Transport } from './nagad-client';
import { parseNagadDateTime } from './nagad-crypto';
import {
  type DisburseAnswerSensitive,
  isNagadPaid,
  isNagadPending,
  NAGAD_STATEMENT_COLUMNS,
  parseNagadAmount,
  type VerifyAnswer,
} from './nagad-protocol';

const PROVIDER = 'nagad';

/*
 * Nagad as a payment provider (issue 22). Deposits: initialize + complete (the RSA envelope,
 * nagad-client.ts), the member pays on Nagad's checkout page, Nagad redirects the BROWSER back
 * with `payment_ref_id` and `status`. That redirect is not signed: anyone can type such a URL, so
 * its `status` is never believed. The adapter asks Nagad (`verify/payment`, server to server over
 * TLS) and credits only what that answer says, for that payment reference, this order id and this
 * amount. Payouts: Nagad's disbursement API (ASSUMED shape, docs/payments.md). Keys come from the
 * environment (PEM): `merchantPrivateKeyEnv` and `nagadPublicKeyEnv` name the variables.
 */

let transportForTests: Transport | null = null;

/** Tests route Nagad calls to the in-process LOCAL FAKE instead of the network. */
export function useNagadTransport(transport: Transport | null): void {
  transportForTests = transport;
}

/** Env vars often carry a PEM on one line with literal "\n". */
function pemOf(value: string | undefined, name: string): string {
  if (!value) throw new ProviderError(PROVIDER, 'config', `${name} is not set`);
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}

function clientOf(config: ProviderChannelConfig): NagadClient {
  const merchantId = config.settings.merchantId;
  const merchantNumber = config.settings.merchantNumber;
  if (!merchantId || !/^\d{6,20}$/.test(merchantId)) throw new ProviderError(PROVIDER, 'config', 'merchantId setting missing');
  return new NagadClient({
    credentials: {
      baseUrl: config.baseUrl,
      merchantId,
      merchantNumber: merchantNumber ?? '',
      merchantPrivateKeyPem: pemOf(config.credentials.merchantPrivateKey, 'merchantPrivateKey'),
      nagadPublicKeyPem: pemOf(config.credentials.nagadPublicKey, 'nagadPublicKey'),
    },
    timeoutMs: config.timeoutMs,
    ...(transportForTests ? { transport: transportForTests } : {}),
  });
}

/** A Nagad failure as the cashier's ProviderError: a timeout or an answer we cannot read means "unknown", never "failed". */
function providerErrorOf(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof NagadError) return new ProviderError(PROVIDER, error.reason, error.message, error.failure !== 'refused');
  return new ProviderError(PROVIDER, 'network', error instanceof Error ? error.message : String(error), true);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerErrorOf(error);
  }
}

/**
 * Our order id at Nagad: `K<deposit id>N<4 random>`. Nagad refuses an order id twice, and a start
 * that timed out after initialize must be able to start again; 20 letters/digits at most.
 */
export function nagadOrderIdOf(depositId: number): string {
  return `K${depositId}N${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0')}`;
}

export function depositIdOfNagadOrder(orderId: string): number | null {
  const match = /^K(\d{1,15})N[0-9A-Z]{4}$/.exec(orderId);
  return match ? Number(match[1]) : null;
}

/** Nagad's verify answer, checked against the deposit it must be about, in the cashier's terms. */
function statusOf(deposit: DepositRow, answer: VerifyAnswer, eventPrefix: string): ProviderPaymentStatus | null {
  if (answer.paymentRefId !== deposit.gatewayTransactionId || depositIdOfNagadOrder(answer.orderId) !== deposit.id) return null;
  const amount = parseNagadAmount(answer.amount);
  if (isNagadPaid(answer.status)) {
    // A confirmed payment of another amount is not this order's payment.
    if (amount !== deposit.amount) return null;
    return {
      providerPaymentId: answer.paymentRefId,
      status: 'paid',
      amount,
      ...(answer.issuerPaymentRefNo ? { providerTransactionId: answer.issuerPaymentRefNo } : {}),
      eventId: `${eventPrefix}:${answer.paymentRefId}:paid`,
    };
  }
  if (isNagadPending(answer.status))
    return { providerPaymentId: answer.paymentRefId, status: 'pending', eventId: `${eventPrefix}:${answer.paymentRefId}:pending` };
  return {
    providerPaymentId: answer.paymentRefId,
    status: 'failed',
    failureCode: answer.status,
    eventId: `${eventPrefix}:${answer.paymentRefId}:${answer.status}`,
  };
}

function payoutStatusOf(answer: DisburseAnswerSensitive, eventPrefix: string): ProviderPayoutStatus {
  const base = {
    providerPayoutId: answer.disbursementReferenceId,
    eventId: `${eventPrefix}:${answer.disbursementReferenceId}:${answer.status}`,
  };
  if (answer.status === 'Success') return { ...base, status: 'paid', providerTransactionId: answer.disbursementReferenceId };
  if (answer.status === 'Pending') return { ...base, status: 'sent' };
  // `Reversed` after `Success` is kept out of the ledger by applyProviderPayout; reconciliation lists it.
  return { ...base, status: 'failed', failureCode: `${answer.status}:${answer.statusCode}` };
}

/** The day's statement CSV (ASSUMED columns, nagad-protocol.ts) as statement lines. */
export function parseNagadStatement(csv: string): StatementLine[] {
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  if (header !== NAGAD_STATEMENT_COLUMNS.join(',')) throw new ProviderError(PROVIDER, 'statement', 'unexpected statement header');
  const lines: StatementLine[] = [];
  for (const row of rows) {
    if (!row) continue;
    const [type, orderId, reference, , amountText, status, at] = row.split(',');
    const amount = parseNagadAmount(amountText ?? '');
    const occurredAt = parseNagadDateTime(at ?? '');
    if ((type !== 'PAYMENT' && type !== 'DISBURSEMENT') || !reference || amount === null || !occurredAt || !status) {
      throw new ProviderError(PROVIDER, 'statement', `unreadable statement line: ${row.slice(0, 80)}`);
    }
    lines.push({
      direction: type === 'PAYMENT' ? 'in' : 'out',
      providerTransactionId: reference,
      merchantReference: orderId || null,
      amount,
      occurredAt,
      status,
    });
  }
  return lines;
}

export const nagadProvider: PaymentProvider = {
  provider: PROVIDER,
  baseUrls: {
    sandbox: 'http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0',
    live: 'https://api.mynagad.com',
  },
  credentialNames: ['merchantPrivateKey', 'nagadPublicKey'],
  supportsPayouts: true,

  async startDeposit(config, deposit) {
    if (config.currency !== 'BDT') throw new ProviderError(PROVIDER, 'currency', 'Nagad takes BDT only');
    const client = clientOf(config);
    const orderId = nagadOrderIdOf(deposit.id);
    const started = await call(async () => {
      const init = await client.initialize(orderId);
      return client
        .complete({
          paymentReferenceId: init.paymentReferenceId,
          orderId,
          amount: deposit.amount,
          challenge: init.challenge,
          callbackUrl: config.callbackUrl,
        })
        .then((complete) => ({ ...complete, paymentReferenceId: init.paymentReferenceId }));
    });
    return { providerPaymentId: started.paymentReferenceId, next: { kind: 'redirect', url: started.callBackUrl } };
  },

  depositCallbackPaymentId(request) {
    const reference = request.query.payment_ref_id;
    return reference && /^[0-9A-Za-z]{8,64}$/.test(reference) ? reference : null;
  },

  async verifyDepositCallback(config, deposit) {
    // The redirect's `status` is unsigned and ignored: Nagad's verify answer decides.
    const answer = await call(() => clientOf(config).verify(deposit.gatewayTransactionId ?? ''));
    return statusOf(deposit, answer, 'callback');
  },

  replyToDepositCallback(config, outcome) {
    // The callback is the member's browser coming back: send it to the result page, which shows
    // the order as it stands (credited, failed, or still being confirmed).
    if (!config) return { kind: 'json', status: 400, body: { accepted: false } };
    if (!outcome) return { kind: 'redirect', url: `${config.siteOrigin}/member?page=depositv2&depositResult=unknown` };
    return { kind: 'redirect', url: `${config.siteOrigin}${depositResultPath(outcome.depositId)}` };
  },

  async queryDeposit(config, deposit) {
    if (!deposit.gatewayTransactionId)
      return { providerPaymentId: '', status: 'failed', failureCode: 'not_started', eventId: `query:${deposit.id}:not_started` };
    const answer = await call(() => clientOf(config).verify(deposit.gatewayTransactionId ?? ''));
    const status = statusOf(deposit, answer, 'query');
    if (!status) throw new ProviderError(PROVIDER, 'mismatch', 'verify answer is about another order or amount');
    return status;
  },

  async refundDeposit() {
    // Nagad publishes no merchant refund API for the online checkout: refunds are requested in the
    // merchant portal. Answering `failed` keeps the money where it is and tells the operator why.
    return { status: 'failed', failureCode: 'refund_not_supported' };
  },

  async startPayout(config, payout) {
    const answer = await call(() =>
      clientOf(config).disburse({
        disbursementId: payoutReferenceOf(payout.payoutId),
        recipientAccount: payout.receiver,
        amount: payout.amount,
      }),
    );
    return payoutStatusOf(answer, 'start');
  },

  async queryPayout(config, payout) {
    if (!payout.providerPayoutId) {
      // Never accepted (a timeout before the answer): the same disbursement id again is the same payout at Nagad.
      const answer = await call(() =>
        clientOf(config).disburse({
          disbursementId: payoutReferenceOf(payout.payoutId),
          recipientAccount: payout.receiver,
          amount: payout.amount,
        }),
      );
      return payoutStatusOf(answer, 'query');
    }
    return payoutStatusOf(await call(() => clientOf(config).disbursementStatus(payout.providerPayoutId ?? '')), 'query');
  },

  async fetchStatement(config, range) {
    // Nagad's statement day is Dhaka's (UTC+6); the range's start names it.
    const day = new Date(range.from.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
    return parseNagadStatement(await call(() => clientOf(config).statement(day)));
  },
};

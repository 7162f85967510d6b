import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  decryptSensitiveData,
  encryptSensitiveData,
  nagadDateTime,
  newChallenge,
  signSensitiveData,
  verifySensitiveData,
} from './nagad-crypto';
import {
  type CompleteRequestBody,
  type CompleteSensitive,
  type DisburseAnswerSensitive,
  type DisburseSensitive,
  formatNagadAmount,
  type InitializeAnswerSensitive,
  type InitializeRequestBody,
  type InitializeSensitive,
  NAGAD_API_VERSION,
  NAGAD_CURRENCY_BDT,
  NAGAD_STATEMENT_COLUMNS,
  type NagadDisbursementStatus,
  type NagadPaymentStatus,
  parseNagadAmount,
  type VerifyAnswer,
} from './nagad-protocol';

/*
 * A LOCAL FAKE of Nagad's payment gateway - NOT Nagad, no money moves. It exists because tests and
 * demos have no network; it follows the published request/response examples (paths, headers, the
 * RSA envelope, the verify answer, the callback redirect's query) so the real client and adapter
 * run unchanged against it. It holds its own RSA key pair and knows each merchant's public key,
 * as Nagad does after onboarding. Test levers: `isUnreachable` (timeouts), `isSigningWithWrongKey`
 * (a forged answer), `failPayoutsTo` / `reverseDisbursement` (payout failure and reversal).
 */

export interface FakeNagadPayment {
  merchantId: string;
  orderId: string;
  paymentRefId: string;
  challenge: string;
  amount: bigint | null;
  callbackUrl: string | null;
  status: NagadPaymentStatus;
  issuerPaymentRefNo: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

export interface FakeNagadDisbursement {
  merchantId: string;
  disbursementId: string;
  disbursementReferenceId: string;
  recipientAccount: string;
  amount: bigint;
  status: NagadDisbursementStatus;
  at: Date;
}

interface FakeMerchant {
  publicKeyPem: string;
  merchantNumber: string;
}

export interface FakeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function generateRsaKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: pair.publicKey, privateKeyPem: pair.privateKey };
}

/** Dhaka's calendar day (UTC+6) of an instant, YYYY-MM-DD: Nagad settles merchants by it. */
export function dhakaDay(at: Date): string {
  return new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
}

export class FakeNagad {
  readonly publicKeyPem: string;
  private readonly privateKeyPem: string;
  private readonly wrongKeyPem: string;
  private readonly merchants = new Map<string, FakeMerchant>();
  readonly payments = new Map<string, FakeNagadPayment>();
  private readonly orders = new Map<string, string>();
  readonly disbursements = new Map<string, FakeNagadDisbursement>();
  /** Every request as received (path, headers): tests check the published headers were sent. */
  readonly requests: Array<{ method: string; path: string; headers: Record<string, string> }> = [];
  isUnreachable = false;
  isSigningWithWrongKey = false;
  readonly failPayoutsTo = new Set<string>();
  now: () => Date = () => new Date();

  /**
   * `checkoutBase`: where members' browsers reach the fake's checkout page (the demo serves it on
   * this server under a path; tests leave it at the API's base URL).
   */
  constructor(
    readonly baseUrl = 'https://fake-nagad.invalid/remote-payment-gateway-1.0',
    private readonly checkoutBase = baseUrl,
  ) {
    const own = generateRsaKeyPair();
    this.publicKeyPem = own.publicKeyPem;
    this.privateKeyPem = own.privateKeyPem;
    this.wrongKeyPem = generateRsaKeyPair().privateKeyPem;
  }

  /** Onboarding: Nagad learns the merchant's public key and wallet number. */
  registerMerchant(merchantId: string, merchantPublicKeyPem: string, merchantNumber: string): void {
    this.merchants.set(merchantId, { publicKeyPem: merchantPublicKeyPem, merchantNumber });
  }

  /** Plugs into NagadClient as its transport: the same bytes an HTTP server would answer. */
  readonly fetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> => {
    if (this.isUnreachable) throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const answer = this.handle(init.method, url, init.headers, init.body ?? '');
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  };

  handle(method: string, url: string, headers: Record<string, string>, body: string): FakeAnswer {
    const parsedUrl = new URL(url);
    const path = parsedUrl.pathname.replace(new URL(this.baseUrl).pathname, '');
    const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    this.requests.push({ method, path, headers: lower });
    if (lower['x-km-api-version'] !== NAGAD_API_VERSION || !lower['x-km-ip-v4'] || !lower['x-km-client-type']) {
      return this.error(400, 'InvalidRequestHeader', 'Missing or invalid X-KM headers');
    }
    let match = /^\/api\/dfs\/check-out\/initialize\/([^/]+)\/([^/]+)$/.exec(path);
    if (match && method === 'POST') return this.initialize(match[1] ?? '', match[2] ?? '', body);
    match = /^\/api\/dfs\/check-out\/complete\/([^/]+)$/.exec(path);
    if (match && method === 'POST') return this.complete(match[1] ?? '', body);
    match = /^\/api\/dfs\/verify\/payment\/([^/]+)$/.exec(path);
    if (match && method === 'GET') return this.verify(match[1] ?? '');
    match = /^\/api\/dfs\/disbursement\/initiate\/([^/]+)\/([^/]+)$/.exec(path);
    if (match && method === 'POST') return this.disburse(match[1] ?? '', match[2] ?? '', body);
    match = /^\/api\/dfs\/disbursement\/status\/([^/]+)$/.exec(path);
    if (match && method === 'GET') return this.disbursementStatus(match[1] ?? '');
    match = /^\/api\/dfs\/merchant\/statement\/([^/]+)\/(\d{4}-\d{2}-\d{2})$/.exec(path);
    if (match && method === 'GET') return this.statement(match[1] ?? '', match[2] ?? '');
    return this.error(404, 'NotFound', 'No such API');
  }

  /** The member pressed "Pay" (or "Cancel") on the checkout page: the payment changes state and the browser is sent back. */
  pay(paymentRefId: string, outcome: 'Success' | 'Aborted' | 'Failed'): string {
    const payment = this.payments.get(paymentRefId);
    if (!payment?.callbackUrl) throw new Error(`fake nagad: no completed checkout ${paymentRefId}`);
    if (payment.status === 'Ready' || payment.status === 'InProgress') {
      payment.status = outcome;
      payment.paidAt = this.now();
      if (outcome === 'Success') payment.issuerPaymentRefNo = `NG${randomBytes(5).toString('hex').toUpperCase()}`;
    }
    return this.callbackUrlOf(payment);
  }

  /** The redirect Nagad sends the browser to (also what a duplicate callback replays). */
  callbackUrlOf(payment: FakeNagadPayment): string {
    const url = new URL(payment.callbackUrl ?? '');
    url.searchParams.set('merchant', payment.merchantId);
    url.searchParams.set('order_id', payment.orderId);
    url.searchParams.set('payment_ref_id', payment.paymentRefId);
    url.searchParams.set('status', payment.status);
    url.searchParams.set('status_code', payment.status === 'Success' ? '00_0000_000' : '00_1114_001');
    url.searchParams.set('message', payment.status === 'Success' ? 'Successful Transaction' : 'Transaction not completed');
    url.searchParams.set('payment_dt', nagadDateTime(payment.paidAt ?? this.now()));
    if (payment.issuerPaymentRefNo) url.searchParams.set('issuer_payment_ref', payment.issuerPaymentRefNo);
    return url.toString();
  }

  /** The fake's checkout page (HTML), labelled as a fake on every line a member sees. */
  checkoutPage(paymentRefId: string): string | null {
    const payment = this.payments.get(paymentRefId);
    if (!payment || payment.amount === null) return null;
    const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>FAKE Nagad checkout</title>
<style>body{font-family:sans-serif;margin:0;background:#f5f5f5}main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;border-top:6px solid #ec1c24}
.fake{background:#fff3cd;color:#664d03;padding:8px;border-radius:6px;font-weight:bold}button{display:block;width:100%;padding:14px;margin-top:12px;font-size:16px;border-radius:8px;border:0}
.pay{background:#ec1c24;color:#fff}.cancel{background:#ddd}</style></head><body><main>
<p class="fake">LOCAL FAKE of Nagad - no real money moves</p><h1>Nagad</h1>
<p>Order <b>${escapeHtml(payment.orderId)}</b></p><p>Amount <b data-testid="fake-nagad-amount">৳ ${formatNagadAmount(payment.amount)}</b></p>
<form method="get" action="pay"><input type="hidden" name="payment_ref_id" value="${escapeHtml(payment.paymentRefId)}">
<button class="pay" name="outcome" value="Success" data-testid="fake-nagad-pay">Pay (fake)</button>
<button class="cancel" name="outcome" value="Aborted" data-testid="fake-nagad-cancel">Cancel</button></form></main></body></html>`;
  }

  /** A payout Nagad reverses after reporting it paid (the wallet was closed, a compliance hold). */
  reverseDisbursement(disbursementReferenceId: string): void {
    const disbursement = this.disbursements.get(disbursementReferenceId);
    if (!disbursement) throw new Error(`fake nagad: no disbursement ${disbursementReferenceId}`);
    disbursement.status = 'Reversed';
  }

  /** The statement of a Dhaka day as the CSV the merchant portal exports (ASSUMED columns, see nagad-protocol.ts). */
  statementCsv(merchantId: string, day: string): string {
    const lines: string[] = [NAGAD_STATEMENT_COLUMNS.join(',')];
    for (const payment of this.payments.values()) {
      if (payment.merchantId !== merchantId || !payment.paidAt || dhakaDay(payment.paidAt) !== day || payment.amount === null) continue;
      lines.push(
        [
          'PAYMENT',
          payment.orderId,
          payment.paymentRefId,
          payment.issuerPaymentRefNo ?? '',
          formatNagadAmount(payment.amount),
          payment.status,
          nagadDateTime(payment.paidAt),
        ].join(','),
      );
    }
    for (const disbursement of this.disbursements.values()) {
      if (disbursement.merchantId !== merchantId || dhakaDay(disbursement.at) !== day) continue;
      lines.push(
        [
          'DISBURSEMENT',
          disbursement.disbursementId,
          disbursement.disbursementReferenceId,
          '',
          formatNagadAmount(disbursement.amount),
          disbursement.status,
          nagadDateTime(disbursement.at),
        ].join(','),
      );
    }
    return `${lines.join('\n')}\n`;
  }

  private initialize(merchantId: string, orderId: string, body: string): FakeAnswer {
    const merchant = this.merchants.get(merchantId);
    if (!merchant) return this.error(400, 'InvalidMerchant', 'Merchant not found');
    const request = this.parse<InitializeRequestBody>(body);
    if (!request) return this.error(400, 'InvalidRequest', 'Invalid request body');
    const sensitive = this.openRequest<InitializeSensitive>(merchant, request);
    if (!sensitive) return this.error(400, 'InvalidSignature', 'Signature verification failed');
    if (sensitive.merchantId !== merchantId || sensitive.orderId !== orderId)
      return this.error(400, 'InvalidRequest', 'Path and sensitiveData differ');
    if (!/^[A-Za-z0-9]{1,20}$/.test(orderId)) return this.error(400, 'InvalidOrderId', 'Order id must be 1-20 letters or digits');
    const orderKey = `${merchantId}:${orderId}`;
    if (this.orders.has(orderKey)) return this.error(409, 'DuplicateOrderId', 'Order id already used');
    const paymentRefId = `${nagadDateTime(this.now())}${randomBytes(8).toString('hex').toUpperCase()}`;
    const challenge = newChallenge();
    this.payments.set(paymentRefId, {
      merchantId,
      orderId,
      paymentRefId,
      challenge,
      amount: null,
      callbackUrl: null,
      status: 'OrderInitiated',
      issuerPaymentRefNo: null,
      createdAt: this.now(),
      paidAt: null,
    });
    this.orders.set(orderKey, paymentRefId);
    const answer: InitializeAnswerSensitive = { paymentReferenceId: paymentRefId, challenge, acceptDateTime: nagadDateTime(this.now()) };
    return this.json(200, this.seal(merchant, answer));
  }

  private complete(paymentRefId: string, body: string): FakeAnswer {
    const payment = this.payments.get(paymentRefId);
    const merchant = payment ? this.merchants.get(payment.merchantId) : undefined;
    if (!payment || !merchant) return this.error(400, 'InvalidPaymentRefId', 'Payment reference not found');
    const request = this.parse<CompleteRequestBody>(body);
    if (!request || typeof request.merchantCallbackURL !== 'string') return this.error(400, 'InvalidRequest', 'Invalid request body');
    const sensitive = this.openRequest<CompleteSensitive>(merchant, request);
    if (!sensitive) return this.error(400, 'InvalidSignature', 'Signature verification failed');
    if (sensitive.challenge !== payment.challenge || sensitive.orderId !== payment.orderId)
      return this.error(400, 'InvalidChallenge', 'Challenge mismatch');
    if (sensitive.currencyCode !== NAGAD_CURRENCY_BDT) return this.error(400, 'InvalidCurrency', 'Only BDT (050)');
    const amount = parseNagadAmount(sensitive.amount);
    if (amount === null || amount <= 0n) return this.error(400, 'InvalidAmount', 'Invalid amount');
    if (payment.status !== 'OrderInitiated') return this.error(409, 'AlreadyCompleted', 'Order already completed');
    payment.amount = amount;
    payment.callbackUrl = request.merchantCallbackURL;
    payment.status = 'Ready';
    return this.json(200, { status: 'Success', callBackUrl: `${this.checkoutBase}/fake-checkout/${paymentRefId}` });
  }

  private verify(paymentRefId: string): FakeAnswer {
    const payment = this.payments.get(paymentRefId);
    if (!payment) return this.error(404, 'InvalidPaymentRefId', 'Payment reference not found');
    const merchant = this.merchants.get(payment.merchantId);
    const answer: VerifyAnswer = {
      merchantId: payment.merchantId,
      orderId: payment.orderId,
      paymentRefId,
      amount: payment.amount === null ? '0.00' : formatNagadAmount(payment.amount),
      clientMobileNo: payment.status === 'Success' ? '017****5678' : null,
      merchantMobileNo: merchant?.merchantNumber ?? null,
      orderDateTime: nagadDateTime(payment.createdAt),
      issuerPaymentDateTime: payment.paidAt ? nagadDateTime(payment.paidAt) : null,
      issuerPaymentRefNo: payment.issuerPaymentRefNo,
      additionalMerchantInfo: null,
      status: payment.status,
      statusCode: payment.status === 'Success' ? '000' : '001',
    };
    return this.json(200, answer);
  }

  private disburse(merchantId: string, disbursementId: string, body: string): FakeAnswer {
    const merchant = this.merchants.get(merchantId);
    if (!merchant) return this.error(400, 'InvalidMerchant', 'Merchant not found');
    const request = this.parse<{ sensitiveData: string; signature: string }>(body);
    const sensitive = request ? this.openRequest<DisburseSensitive>(merchant, request) : null;
    if (!sensitive) return this.error(400, 'InvalidSignature', 'Signature verification failed');
    const amount = parseNagadAmount(sensitive.amount);
    if (sensitive.disbursementId !== disbursementId || amount === null || amount <= 0n)
      return this.error(400, 'InvalidRequest', 'Invalid disbursement');
    // The same disbursement id twice is the same payout: Nagad answers the first result.
    const existing = [...this.disbursements.values()].find((row) => row.merchantId === merchantId && row.disbursementId === disbursementId);
    const disbursement: FakeNagadDisbursement = existing ?? {
      merchantId,
      disbursementId,
      disbursementReferenceId: `DB${randomBytes(8).toString('hex').toUpperCase()}`,
      recipientAccount: sensitive.recipientAccount,
      amount,
      status: this.failPayoutsTo.has(sensitive.recipientAccount) || !/^01\d{9}$/.test(sensitive.recipientAccount) ? 'Failed' : 'Success',
      at: this.now(),
    };
    this.disbursements.set(disbursement.disbursementReferenceId, disbursement);
    return this.json(200, this.seal(merchant, this.disbursementAnswer(disbursement, sensitive.challenge)));
  }

  private disbursementStatus(disbursementReferenceId: string): FakeAnswer {
    const disbursement = this.disbursements.get(disbursementReferenceId);
    const merchant = disbursement ? this.merchants.get(disbursement.merchantId) : undefined;
    if (!disbursement || !merchant) return this.error(404, 'InvalidDisbursementRefId', 'Disbursement not found');
    return this.json(200, this.seal(merchant, this.disbursementAnswer(disbursement, newChallenge())));
  }

  private statement(merchantId: string, day: string): FakeAnswer {
    if (!this.merchants.has(merchantId)) return this.error(400, 'InvalidMerchant', 'Merchant not found');
    const csv = this.statementCsv(merchantId, day);
    return { status: 200, headers: { 'content-type': 'text/csv', 'x-km-signature': signSensitiveData(this.signingKey(), csv) }, body: csv };
  }

  private disbursementAnswer(disbursement: FakeNagadDisbursement, challenge: string): DisburseAnswerSensitive {
    return {
      disbursementId: disbursement.disbursementId,
      disbursementReferenceId: disbursement.disbursementReferenceId,
      status: disbursement.status,
      statusCode: disbursement.status === 'Success' ? '000' : '001',
      challenge,
    };
  }

  private openRequest<T>(merchant: FakeMerchant, request: { sensitiveData?: unknown; signature?: unknown }): T | null {
    if (typeof request.sensitiveData !== 'string' || typeof request.signature !== 'string') return null;
    const plaintext = decryptSensitiveData(this.privateKeyPem, request.sensitiveData);
    if (plaintext === null || !verifySensitiveData(merchant.publicKeyPem, plaintext, request.signature)) return null;
    return this.parse<T>(plaintext);
  }

  private seal(merchant: FakeMerchant, sensitive: object): { sensitiveData: string; signature: string } {
    const plaintext = JSON.stringify(sensitive);
    return {
      sensitiveData: encryptSensitiveData(merchant.publicKeyPem, plaintext),
      signature: signSensitiveData(this.signingKey(), plaintext),
    };
  }

  private signingKey(): string {
    return this.isSigningWithWrongKey ? this.wrongKeyPem : this.privateKeyPem;
  }

  private parse<T>(text: string): T | null {
    try {
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  }

  private json(status: number, body: object): FakeAnswer {
    return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  }

  private error(status: number, reason: string, message: string): FakeAnswer {
    return this.json(status, { reason, message });
  }
}

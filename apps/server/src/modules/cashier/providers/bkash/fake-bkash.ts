import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * FAKE bKash - a local test double, never a payment service. It answers the bKash Tokenized
 * Checkout and Checkout B2C calls with the request and response shapes of bKash's published
 * examples (developer.bka.sh, API v1.2.0-beta), and serves a checkout page where the member
 * "pays" as on bKash's page: wallet number, then the verification code (OTP), then the PIN.
 * Tests and e2e start it; a demo mounts it only when the payment sandbox is on (mount-fake-bkash.ts).
 * No money exists here: wallets are numbers in a Map.
 */

export const FAKE_BKASH_PREFIX = '/fake-bkash';

/** bKash's published sandbox test wallets use OTP 123456 and PIN 12121; the fake keeps those. */
export const FAKE_BKASH_OTP = '123456';
export const FAKE_BKASH_PIN = '12121';

export interface FakeBkashApp {
  username: string;
  password: string;
  appKey: string;
  appSecret: string;
}

type FakeStatus = 'Initiated' | 'Authorized' | 'Completed' | 'Failed' | 'Cancelled';

export interface FakePayment {
  paymentID: string;
  amount: string;
  currency: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  status: FakeStatus;
  customerMsisdn: string | null;
  trxID: string | null;
  createTime: Date;
  executeTime: Date | null;
  refundTrxID: string | null;
}

export interface FakeB2c {
  trxID: string;
  amount: string;
  currency: string;
  receiverMSISDN: string;
  merchantInvoiceNumber: string;
  transactionStatus: 'Completed';
  completedTime: Date;
}

/** Wallet number -> balance in taka (a string of the fake's own, no relation to our ledger). */
const DEFAULT_WALLETS: Record<string, number> = {
  '01770618575': 100_000,
  '01619777282': 100_000,
  '01929918378': 5,
};

function bkashTime(date: Date): string {
  // bKash writes e.g. "2023-05-17T11:16:21:147 GMT+0600".
  const dhaka = new Date(date.getTime() + 6 * 3600_000).toISOString();
  return `${dhaka.slice(0, 19)}:${dhaka.slice(20, 23)} GMT+0600`;
}

/** The checkout page's style, served as a file: the site's Content-Security-Policy refuses inline styles. */
const PAGE_CSS = `body{margin:0;font-family:system-ui,sans-serif;background:#f4f4f4;color:#222}.bar{background:#e2136e;color:#fff;padding:14px 16px;font-weight:700}
.fake{background:#fff3cd;color:#664d03;padding:8px 16px;font-size:13px;border-bottom:1px solid #e0c36a}.card{background:#fff;margin:16px;padding:16px;border-radius:8px;box-shadow:0 1px 3px #0002}
label{display:block;font-size:14px;margin:12px 0 6px}input{width:100%;box-sizing:border-box;font-size:18px;padding:10px;border:1px solid #bbb;border-radius:6px}
.row{display:flex;gap:8px;margin-top:16px}button{flex:1;font-size:16px;padding:12px;border:0;border-radius:6px;background:#e2136e;color:#fff}button.ghost{background:#ddd;color:#222}
.err{color:#b00020;margin-top:8px}.amt{font-size:22px;font-weight:700}
.row{flex-direction:row-reverse}`;

function html(title: string, body: string): string {
  return `<!doctype html><html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<link rel="stylesheet" href="${FAKE_BKASH_PREFIX}/checkout.css"></head><body><div class="bar">bKash Checkout</div>
<div class="fake" data-testid="fake-bkash-label">FAKE bKash - local test double, no real money (ফেক বিকাশ - পরীক্ষার জন্য)</div>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class FakeBkash {
  readonly payments = new Map<string, FakePayment>();
  readonly b2c: FakeB2c[] = [];
  readonly wallets = new Map<string, number>(Object.entries(DEFAULT_WALLETS));
  /** Issued id_tokens and refresh tokens -> expiry (ms). */
  private readonly idTokens = new Map<string, number>();
  private readonly refreshTokens = new Map<string, number>();
  /** Calls seen, by path (tests read them: a cached token means one grant). */
  readonly calls: string[] = [];
  /** Test controls: hold the answer of the next call to a path this long (the work is done first, like a slow network back). */
  private readonly stalls = new Map<string, number>();
  private sequence = 0;
  tokenLifetimeSeconds = 3600;

  constructor(readonly app: FakeBkashApp) {}

  /** The next call to `path` (e.g. '/tokenized/checkout/execute') is answered after `ms`. */
  stallNext(path: string, ms: number): void {
    this.stalls.set(path, ms);
  }

  /** Expire every issued id_token (the adapter must refresh). */
  expireIdTokens(): void {
    this.idTokens.clear();
  }

  private next(prefix: string): string {
    this.sequence += 1;
    return `${prefix}${Date.now().toString(36).toUpperCase()}${this.sequence.toString().padStart(4, '0')}`;
  }

  private trxId(): string {
    return randomBytes(5).toString('hex').toUpperCase();
  }

  /** Grant/refresh: username/password headers and app_key/app_secret in the body, as published. */
  private token(request: FastifyRequest, refresh: boolean): Record<string, unknown> {
    const headers = request.headers;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (headers.username !== this.app.username || headers.password !== this.app.password) {
      return { statusCode: '2079', statusMessage: 'Invalid username and password combination' };
    }
    if (body.app_key !== this.app.appKey || body.app_secret !== this.app.appSecret) {
      return { statusCode: '2001', statusMessage: 'Invalid App Key' };
    }
    if (refresh) {
      const expires = this.refreshTokens.get(String(body.refresh_token));
      if (!expires || expires < Date.now()) return { statusCode: '2079', statusMessage: 'Invalid refresh token' };
    }
    const idToken = randomBytes(24).toString('base64url');
    const refreshToken = refresh ? String(body.refresh_token) : randomBytes(24).toString('base64url');
    this.idTokens.set(idToken, Date.now() + this.tokenLifetimeSeconds * 1000);
    this.refreshTokens.set(refreshToken, Date.now() + 28 * 24 * 3600_000);
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: this.tokenLifetimeSeconds,
      refresh_token: refreshToken,
    };
  }

  private authorised(request: FastifyRequest): boolean {
    const token = request.headers.authorization;
    const expires = typeof token === 'string' ? this.idTokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now() && request.headers['x-app-key'] === this.app.appKey;
  }

  private create(body: Record<string, unknown>, checkoutBase: string): Record<string, unknown> {
    const amount = String(body.amount ?? '');
    if (body.mode !== '0011') return { statusCode: '2063', statusMessage: 'Mode is not valid as per request data' };
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return { statusCode: '2006', statusMessage: 'Invalid amount' };
    if (body.currency !== 'BDT') return { statusCode: '2007', statusMessage: 'Invalid currency' };
    if (body.intent !== 'sale') return { statusCode: '2008', statusMessage: 'Invalid intent' };
    const callbackURL = String(body.callbackURL ?? '');
    if (!/^https?:\/\//.test(callbackURL)) return { statusCode: '2049', statusMessage: 'Invalid Merchant Callback URL' };
    if (!body.merchantInvoiceNumber) return { statusCode: '2031', statusMessage: 'Invalid merchant invoice number' };
    const payment: FakePayment = {
      paymentID: this.next('TR0011'),
      amount,
      currency: 'BDT',
      merchantInvoiceNumber: String(body.merchantInvoiceNumber),
      payerReference: String(body.payerReference ?? ''),
      callbackURL,
      status: 'Initiated',
      customerMsisdn: null,
      trxID: null,
      createTime: new Date(),
      executeTime: null,
      refundTrxID: null,
    };
    this.payments.set(payment.paymentID, payment);
    const hash = createHash('sha256').update(payment.paymentID).digest('hex').slice(0, 32);
    const back = (status: string) =>
      `${callbackURL}${callbackURL.includes('?') ? '&' : '?'}paymentID=${payment.paymentID}&status=${status}`;
    return {
      paymentID: payment.paymentID,
      bkashURL: `${checkoutBase}/checkout-page?paymentId=${payment.paymentID}&hash=${hash}&mode=0011&apiVersion=v1.2.0-beta`,
      callbackURL,
      successCallbackURL: back('success'),
      failureCallbackURL: back('failure'),
      cancelledCallbackURL: back('cancel'),
      amount,
      intent: 'sale',
      currency: 'BDT',
      paymentCreateTime: bkashTime(payment.createTime),
      transactionStatus: 'Initiated',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  private paymentAnswer(payment: FakePayment): Record<string, unknown> {
    return {
      paymentID: payment.paymentID,
      mode: '0011',
      paymentCreateTime: bkashTime(payment.createTime),
      ...(payment.executeTime ? { paymentExecuteTime: bkashTime(payment.executeTime) } : {}),
      amount: payment.amount,
      currency: payment.currency,
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      // bKash shows an authorised payment as Initiated until the merchant executes it.
      transactionStatus: payment.status === 'Authorized' ? 'Initiated' : payment.status,
      ...(payment.trxID ? { trxID: payment.trxID } : {}),
      ...(payment.customerMsisdn ? { customerMsisdn: payment.customerMsisdn } : {}),
      payerReference: payment.payerReference,
      verificationStatus: payment.status === 'Completed' ? 'Complete' : 'Incomplete',
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  private execute(body: Record<string, unknown>): Record<string, unknown> {
    const payment = this.payments.get(String(body.paymentID));
    if (!payment) return { statusCode: '2002', statusMessage: 'Invalid Payment ID' };
    if (payment.status === 'Completed') return { statusCode: '2062', statusMessage: 'The payment has already been completed' };
    if (payment.status !== 'Authorized') return { statusCode: '2056', statusMessage: 'Invalid Payment State' };
    const wallet = payment.customerMsisdn ?? '';
    const balance = this.wallets.get(wallet) ?? 0;
    if (balance < Number(payment.amount)) {
      payment.status = 'Failed';
      return { statusCode: '2023', statusMessage: 'Insufficient Balance' };
    }
    this.wallets.set(wallet, balance - Number(payment.amount));
    payment.status = 'Completed';
    payment.trxID = this.trxId();
    payment.executeTime = new Date();
    const { mode: _mode, verificationStatus: _verification, paymentCreateTime: _created, ...answer } = this.paymentAnswer(payment);
    return answer;
  }

  private refund(body: Record<string, unknown>): Record<string, unknown> {
    const payment = this.payments.get(String(body.paymentID));
    if (!payment || payment.trxID !== body.trxID)
      return { statusCode: '2028', statusMessage: 'Reverse failed because the transaction serial number does not exist' };
    if (payment.refundTrxID)
      return { statusCode: '2034', statusMessage: 'The transaction cannot be reversed because the original transaction has been reversed' };
    if (Number(body.amount) > Number(payment.amount)) {
      return { statusCode: '2026', statusMessage: 'The reversal amount cannot be greater than the original transaction amount' };
    }
    payment.refundTrxID = this.trxId();
    const wallet = payment.customerMsisdn ?? '';
    this.wallets.set(wallet, (this.wallets.get(wallet) ?? 0) + Number(body.amount));
    return {
      completedTime: bkashTime(new Date()),
      transactionStatus: 'Completed',
      originalTrxID: payment.trxID,
      refundTrxID: payment.refundTrxID,
      amount: String(body.amount),
      currency: 'BDT',
      charge: '0.00',
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  private b2cPayment(body: Record<string, unknown>): Record<string, unknown> {
    const receiver = String(body.receiverMSISDN ?? '');
    const amount = String(body.amount ?? '');
    if (!/^01[3-9]\d{8}$/.test(receiver)) return { errorCode: '2012', errorMessage: 'Invalid Receiver MSISDN' };
    if (!this.wallets.has(receiver)) return { errorCode: '2045', errorMessage: 'The MSISDN of the customer does not exist.' };
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return { errorCode: '2006', errorMessage: 'Invalid amount' };
    const invoice = String(body.merchantInvoiceNumber ?? '');
    if (this.b2c.some((payout) => payout.merchantInvoiceNumber === invoice))
      return { errorCode: '2029', errorMessage: 'Duplicate for all transactions' };
    const payout: FakeB2c = {
      trxID: this.trxId(),
      amount,
      currency: 'BDT',
      receiverMSISDN: receiver,
      merchantInvoiceNumber: invoice,
      transactionStatus: 'Completed',
      completedTime: new Date(),
    };
    this.b2c.push(payout);
    this.wallets.set(receiver, (this.wallets.get(receiver) ?? 0) + Number(amount));
    return { ...payout, completedTime: bkashTime(payout.completedTime), b2cFee: '0.00' };
  }

  private search(body: Record<string, unknown>): Record<string, unknown> {
    const trxID = String(body.trxID ?? '');
    const payment = [...this.payments.values()].find((row) => row.trxID === trxID);
    const payout = this.b2c.find((row) => row.trxID === trxID);
    if (!payment && !payout) return { statusCode: '2033', statusMessage: 'Transaction not found' };
    return {
      trxID,
      initiationTime: bkashTime(payment?.createTime ?? payout?.completedTime ?? new Date()),
      completedTime: bkashTime(payment?.executeTime ?? payout?.completedTime ?? new Date()),
      transactionType: payment ? 'bKash Tokenized Checkout via API' : 'B2C Payout',
      customerMsisdn: payment?.customerMsisdn ?? payout?.receiverMSISDN,
      transactionStatus: payment ? payment.status : 'Completed',
      amount: payment?.amount ?? payout?.amount,
      currency: 'BDT',
      organizationShortCode: '50022',
      statusCode: '0000',
      statusMessage: 'Successful',
    };
  }

  /** The merchant portal's statement export of a period (bKash publishes no statement API; the fake serves the export as JSON). */
  private statement(body: Record<string, unknown>): Record<string, unknown> {
    const from = new Date(String(body.fromDate)).getTime();
    const to = new Date(String(body.toDate)).getTime();
    const within = (date: Date | null) => date !== null && date.getTime() >= from && date.getTime() < to;
    const transactions = [
      ...[...this.payments.values()]
        .filter((row) => row.status === 'Completed' && within(row.executeTime))
        .map((row) => ({
          trxID: row.trxID ?? '',
          transactionType: 'Payment',
          merchantInvoiceNumber: row.merchantInvoiceNumber,
          amount: row.amount,
          currency: 'BDT',
          transactionStatus: 'Completed',
          completedTime: (row.executeTime ?? row.createTime).toISOString(),
        })),
      ...this.b2c
        .filter((row) => within(row.completedTime))
        .map((row) => ({
          trxID: row.trxID,
          transactionType: 'B2C Payout',
          merchantInvoiceNumber: row.merchantInvoiceNumber,
          amount: row.amount,
          currency: 'BDT',
          transactionStatus: row.transactionStatus,
          completedTime: row.completedTime.toISOString(),
        })),
    ];
    return { statusCode: '0000', statusMessage: 'Successful', transactions };
  }

  /** The member's side of the checkout page (also driven directly by tests). Returns where the browser goes next. */
  pageStep(
    paymentId: string,
    step: 'wallet' | 'otp' | 'pin' | 'cancel',
    value: string,
    state: { wallet?: string },
  ): { redirect: string } | { page: 'otp' | 'pin' | 'wallet'; error?: string } {
    const payment = this.payments.get(paymentId);
    if (!payment || payment.status !== 'Initiated') return { page: 'wallet', error: 'Invalid Payment ID' };
    const back = (status: string) => {
      const url = payment.callbackURL;
      return `${url}${url.includes('?') ? '&' : '?'}paymentID=${payment.paymentID}&status=${status}`;
    };
    if (step === 'cancel') {
      payment.status = 'Cancelled';
      return { redirect: back('cancel') };
    }
    if (step === 'wallet') {
      if (!this.wallets.has(value)) return { page: 'wallet', error: 'Not a bKash Account (2057)' };
      return { page: 'otp' };
    }
    if (!state.wallet || !this.wallets.has(state.wallet)) return { page: 'wallet', error: 'Invalid Wallet (2009)' };
    if (step === 'otp') return value === FAKE_BKASH_OTP ? { page: 'pin' } : { page: 'otp', error: 'Wrong verification code (2016)' };
    if (value !== FAKE_BKASH_PIN) return { page: 'pin', error: 'Wrong PIN (2014)' };
    if ((this.wallets.get(state.wallet) ?? 0) < Number(payment.amount)) {
      payment.status = 'Failed';
      return { redirect: back('failure') };
    }
    payment.status = 'Authorized';
    payment.customerMsisdn = state.wallet;
    return { redirect: back('success') };
  }

  private renderPage(payment: FakePayment | undefined, page: 'wallet' | 'otp' | 'pin', wallet: string, error?: string): string {
    if (!payment) return html('bKash', '<div class="card"><p class="err">Invalid Payment ID</p></div>');
    const field =
      page === 'wallet'
        ? `<label for="v">আপনার বিকাশ অ্যাকাউন্ট নম্বর / Your bKash account number</label><input id="v" name="value" inputmode="numeric" placeholder="01XXXXXXXXX" value="${escapeHtml(payment.payerReference.startsWith('01') ? payment.payerReference : '')}" autocomplete="off">`
        : page === 'otp'
          ? `<label for="v">যাচাই কোড (OTP) পাঠানো হয়েছে ${escapeHtml(wallet)} নম্বরে / Verification code</label><input id="v" name="value" inputmode="numeric" autocomplete="one-time-code">`
          : `<label for="v">বিকাশ পিন / bKash PIN</label><input id="v" name="value" type="password" inputmode="numeric">`;
    return html(
      'bKash Checkout',
      `<div class="card"><div>Merchant: KISMAT</div><div>Invoice: ${escapeHtml(payment.merchantInvoiceNumber)}</div><div class="amt">৳ ${escapeHtml(payment.amount)}</div></div>
<form class="card" method="post" action="${FAKE_BKASH_PREFIX}/checkout-page/${page}"><input type="hidden" name="paymentId" value="${escapeHtml(payment.paymentID)}"><input type="hidden" name="wallet" value="${escapeHtml(wallet)}">
${field}${error ? `<div class="err" role="alert">${escapeHtml(error)}</div>` : ''}<div class="row"><button type="submit">নিশ্চিত / Confirm</button><button type="submit" formaction="${FAKE_BKASH_PREFIX}/checkout-page/cancel" class="ghost">বাতিল / Close</button></div></form>`,
    );
  }

  /** Mounts the fake's API and checkout page on `app` under FAKE_BKASH_PREFIX. */
  register(app: FastifyInstance): void {
    const api = (path: string, handler: (request: FastifyRequest) => Record<string, unknown>, options: { token?: boolean } = {}) => {
      app.post(`${FAKE_BKASH_PREFIX}${path}`, { schema: { hide: true } }, async (request, reply) => {
        this.calls.push(path);
        if (options.token && !this.authorised(request)) return reply.code(401).send({ message: 'Unauthorized' });
        const answer = handler(request);
        const stall = this.stalls.get(path);
        if (stall) {
          this.stalls.delete(path);
          await new Promise((resolve) => setTimeout(resolve, stall));
        }
        return reply.send(answer);
      });
    };
    const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
    const checkoutBase = (request: FastifyRequest) => `${request.protocol}://${request.host}${FAKE_BKASH_PREFIX}`;
    for (const product of ['/tokenized/checkout', '/checkout']) {
      api(`${product}/token/grant`, (request) => this.token(request, false));
      api(`${product}/token/refresh`, (request) => this.token(request, true));
    }
    api('/tokenized/checkout/create', (request) => this.create(bodyOf(request), checkoutBase(request)), { token: true });
    api('/tokenized/checkout/execute', (request) => this.execute(bodyOf(request)), { token: true });
    api(
      '/tokenized/checkout/payment/status',
      (request) => {
        const payment = this.payments.get(String(bodyOf(request).paymentID));
        return payment ? this.paymentAnswer(payment) : { statusCode: '2002', statusMessage: 'Invalid Payment ID' };
      },
      { token: true },
    );
    api('/tokenized/checkout/payment/refund', (request) => this.refund(bodyOf(request)), { token: true });
    api('/tokenized/checkout/general/searchTransaction', (request) => this.search(bodyOf(request)), { token: true });
    api('/tokenized/checkout/merchant/statement', (request) => this.statement(bodyOf(request)), { token: true });
    api('/checkout/payment/b2cPayment', (request) => this.b2cPayment(bodyOf(request)), { token: true });

    const send = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').send(page);
    app.get(`${FAKE_BKASH_PREFIX}/checkout.css`, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(PAGE_CSS),
    );
    app.get(`${FAKE_BKASH_PREFIX}/checkout-page`, { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      return send(reply, this.renderPage(this.payments.get(query.paymentId ?? ''), 'wallet', ''));
    });
    app.post(`${FAKE_BKASH_PREFIX}/checkout-page/:step`, { schema: { hide: true } }, async (request, reply) => {
      const step = (request.params as { step: string }).step;
      if (step !== 'wallet' && step !== 'otp' && step !== 'pin' && step !== 'cancel') return reply.code(404).send();
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const paymentId = form.paymentId ?? '';
      const value = (form.value ?? '').trim();
      const wallet = step === 'wallet' ? value : (form.wallet ?? '');
      const outcome = this.pageStep(paymentId, step, value, { wallet });
      if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
      return send(
        reply,
        this.renderPage(this.payments.get(paymentId), outcome.page, outcome.page === 'wallet' ? '' : wallet, outcome.error),
      );
    });
  }
}

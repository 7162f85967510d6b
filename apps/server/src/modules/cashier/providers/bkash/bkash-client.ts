import { createHash } from 'node:crypto';
import { type ProviderChannelConfig, ProviderError } from '../../payment-provider';

/*
 * bKash Tokenized Checkout (API v1.2.0-beta) as published on developer.bka.sh, and the B2C
 * payout of the bKash Checkout product. Every call: JSON over HTTPS, `Authorization: <id_token>`
 * (the raw token, no "Bearer") and `X-APP-Key: <app_key>`; the token calls send `username` and
 * `password` headers and `app_key`/`app_secret` in the body. Success is `statusCode: "0000"`;
 * errors come as `{statusCode, statusMessage}` (tokenized) or `{errorCode, errorMessage}`
 * (checkout), both read here.
 */

export const BKASH_PROVIDER = 'bkash';

export interface BkashTokenResponse {
  statusCode?: string;
  statusMessage?: string;
  id_token?: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string;
}

export interface BkashCreateResponse {
  paymentID: string;
  bkashURL: string;
  callbackURL: string;
  successCallbackURL?: string;
  failureCallbackURL?: string;
  cancelledCallbackURL?: string;
  amount: string;
  intent: string;
  currency: string;
  paymentCreateTime: string;
  transactionStatus: string;
  merchantInvoiceNumber: string;
  statusCode: string;
  statusMessage: string;
}

export interface BkashPaymentResponse {
  paymentID: string;
  trxID?: string;
  transactionStatus: string;
  amount: string;
  currency: string;
  intent?: string;
  merchantInvoiceNumber: string;
  payerReference?: string;
  customerMsisdn?: string;
  paymentExecuteTime?: string;
  statusCode: string;
  statusMessage: string;
}

export interface BkashRefundResponse {
  completedTime?: string;
  transactionStatus: string;
  originalTrxID: string;
  refundTrxID: string;
  amount: string;
  currency: string;
  charge?: string;
  statusCode: string;
  statusMessage: string;
}

export interface BkashB2cResponse {
  completedTime?: string;
  trxID: string;
  transactionStatus: string;
  amount: string;
  currency: string;
  receiverMSISDN: string;
  merchantInvoiceNumber: string;
  b2cFee?: string;
  statusCode?: string;
  statusMessage?: string;
}

export interface BkashSearchResponse {
  trxID: string;
  initiationTime?: string;
  completedTime?: string;
  transactionType?: string;
  customerMsisdn?: string;
  transactionStatus: string;
  amount: string;
  currency: string;
  organizationShortCode?: string;
  statusCode: string;
  statusMessage: string;
}

/** The statement the bKash merchant portal exports (one line per transaction), as the fake serves it. */
export interface BkashStatementResponse {
  statusCode: string;
  statusMessage: string;
  transactions: {
    trxID: string;
    transactionType: 'Payment' | 'Refund' | 'B2C Payout';
    merchantInvoiceNumber: string | null;
    amount: string;
    currency: string;
    transactionStatus: string;
    completedTime: string;
  }[];
}

interface CachedToken {
  idToken: string;
  refreshToken: string;
  /** id_token valid until (ms), with a margin. */
  expiresAt: number;
  /** The refresh token lives 28 days at bKash. */
  refreshExpiresAt: number;
}

const TOKEN_MARGIN_MS = 60_000;
const REFRESH_LIFETIME_MS = 28 * 24 * 60 * 60_000;
/** One token per bKash app (host + credentials), shared by every channel and request of this process. */
const tokens = new Map<string, CachedToken>();
const inFlight = new Map<string, Promise<CachedToken>>();

/** Tests: forget the cached tokens (a new fake, or checking that a grant happens). */
export function clearBkashTokenCache(): void {
  tokens.clear();
  inFlight.clear();
}

function isSuccess(body: { statusCode?: string; errorCode?: string }): boolean {
  return body.statusCode === '0000' && body.errorCode === undefined;
}

function errorOf(body: Record<string, unknown>): { code: string; message: string } {
  const code = String(body.statusCode ?? body.errorCode ?? 'unknown');
  const message = String(body.statusMessage ?? body.errorMessage ?? body.message ?? 'bKash error');
  return { code, message };
}

async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // No answer: bKash may have acted. The caller must query, never repeat the call blindly.
    const name = error instanceof Error ? error.name : '';
    throw new ProviderError(BKASH_PROVIDER, name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'NETWORK', String(error), true);
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    throw new ProviderError(BKASH_PROVIDER, `HTTP_${response.status}`, 'bKash answered without JSON', response.status >= 500);
  }
  if (!parsed || typeof parsed !== 'object')
    throw new ProviderError(BKASH_PROVIDER, `HTTP_${response.status}`, 'bKash answered without an object', true);
  if (response.status >= 500) {
    const { code, message } = errorOf(parsed as Record<string, unknown>);
    throw new ProviderError(BKASH_PROVIDER, code, message, true);
  }
  return parsed as Record<string, unknown>;
}

/** The bKash API of one channel: token management and the calls the adapter makes. */
export class BkashClient {
  constructor(private readonly config: ProviderChannelConfig) {}

  private get appKey(): string {
    return this.config.credentials.appKey ?? '';
  }

  /** Where the Checkout product's B2C payout lives (another host than tokenized at bKash; the fake serves both). */
  private get payoutBaseUrl(): string {
    const configured = this.config.settings.payoutBaseUrl;
    if (configured && /^https?:\/\//.test(configured)) return configured.replace(/\/+$/, '');
    if (this.config.baseUrl.includes('tokenized.sandbox.bka.sh')) return 'https://checkout.sandbox.bka.sh/v1.2.0-beta';
    if (this.config.baseUrl.includes('tokenized.pay.bka.sh')) return 'https://checkout.pay.bka.sh/v1.2.0-beta';
    return this.config.baseUrl;
  }

  private cacheKey(product: 'tokenized' | 'checkout'): string {
    const base = product === 'tokenized' ? this.config.baseUrl : this.payoutBaseUrl;
    // The whole credential set (hashed, never kept in clear): a channel with other credentials never borrows this token.
    const { username = '', password = '', appKey = '', appSecret = '' } = this.config.credentials;
    const fingerprint = createHash('sha256').update(`${username}\n${password}\n${appKey}\n${appSecret}`).digest('hex');
    return `${product}|${base}|${fingerprint}`;
  }

  /** Grant Token, then Refresh Token while the refresh token lives; cached until expiry (bKash limits grant calls). */
  async idToken(product: 'tokenized' | 'checkout' = 'tokenized', now = Date.now()): Promise<string> {
    const key = this.cacheKey(product);
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > now) return cached.idToken;
    const running = inFlight.get(key);
    if (running) return (await running).idToken;
    const fetching = this.fetchToken(product, cached && cached.refreshExpiresAt > now ? cached.refreshToken : null, now);
    inFlight.set(key, fetching);
    try {
      const token = await fetching;
      tokens.set(key, token);
      return token.idToken;
    } finally {
      inFlight.delete(key);
    }
  }

  private async fetchToken(product: 'tokenized' | 'checkout', refreshToken: string | null, now: number): Promise<CachedToken> {
    const base = product === 'tokenized' ? `${this.config.baseUrl}/tokenized/checkout/token` : `${this.payoutBaseUrl}/checkout/token`;
    const headers = { username: this.config.credentials.username ?? '', password: this.config.credentials.password ?? '' };
    const secrets = { app_key: this.appKey, app_secret: this.config.credentials.appSecret ?? '' };
    let body = refreshToken
      ? ((await postJson(
          `${base}/refresh`,
          headers,
          { ...secrets, refresh_token: refreshToken },
          this.config.timeoutMs,
        )) as BkashTokenResponse)
      : null;
    // An expired or revoked refresh token: a fresh grant.
    if (!body?.id_token) body = (await postJson(`${base}/grant`, headers, secrets, this.config.timeoutMs)) as BkashTokenResponse;
    if (!body.id_token || !body.refresh_token) {
      const { code, message } = errorOf(body as Record<string, unknown>);
      throw new ProviderError(BKASH_PROVIDER, code, `token refused: ${message}`);
    }
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    return {
      idToken: body.id_token,
      refreshToken: body.refresh_token,
      expiresAt: now + Math.max(lifetimeMs - TOKEN_MARGIN_MS, 1000),
      refreshExpiresAt: now + REFRESH_LIFETIME_MS - TOKEN_MARGIN_MS,
    };
  }

  private async call<T>(path: string, body: unknown, product: 'tokenized' | 'checkout' = 'tokenized'): Promise<T> {
    const base = product === 'tokenized' ? this.config.baseUrl : this.payoutBaseUrl;
    const send = async () =>
      postJson(`${base}${path}`, { authorization: await this.idToken(product), 'x-app-key': this.appKey }, body, this.config.timeoutMs);
    let answer = await send();
    // A token bKash no longer accepts (revoked early): forget it and grant once more.
    if (answer.message === 'Unauthorized' || answer.statusCode === '2001' || answer.errorCode === '2001') {
      tokens.delete(this.cacheKey(product));
      answer = await send();
    }
    if (
      !isSuccess(answer as { statusCode?: string; errorCode?: string }) &&
      !(product === 'checkout' && answer.trxID && !answer.errorCode)
    ) {
      const { code, message } = errorOf(answer);
      throw new ProviderError(BKASH_PROVIDER, code, message);
    }
    return answer as T;
  }

  createPayment(input: {
    payerReference: string;
    callbackURL: string;
    amount: string;
    merchantInvoiceNumber: string;
  }): Promise<BkashCreateResponse> {
    return this.call('/tokenized/checkout/create', {
      mode: '0011',
      payerReference: input.payerReference,
      callbackURL: input.callbackURL,
      amount: input.amount,
      currency: this.config.currency,
      intent: 'sale',
      merchantInvoiceNumber: input.merchantInvoiceNumber,
    });
  }

  executePayment(paymentID: string): Promise<BkashPaymentResponse> {
    return this.call('/tokenized/checkout/execute', { paymentID });
  }

  queryPayment(paymentID: string): Promise<BkashPaymentResponse> {
    return this.call('/tokenized/checkout/payment/status', { paymentID });
  }

  refund(input: { paymentID: string; trxID: string; amount: string; sku: string; reason: string }): Promise<BkashRefundResponse> {
    return this.call('/tokenized/checkout/payment/refund', input);
  }

  searchTransaction(trxID: string): Promise<BkashSearchResponse> {
    return this.call('/tokenized/checkout/general/searchTransaction', { trxID });
  }

  b2cPayment(input: { amount: string; merchantInvoiceNumber: string; receiverMSISDN: string }): Promise<BkashB2cResponse> {
    return this.call('/checkout/payment/b2cPayment', { ...input, currency: this.config.currency }, 'checkout');
  }

  statement(input: { fromDate: string; toDate: string }): Promise<BkashStatementResponse> {
    return this.call('/tokenized/checkout/merchant/statement', input);
  }
}

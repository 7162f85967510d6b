import { constants, publicEncrypt } from 'node:crypto';

/**
 * Safaricom Daraja (M-Pesa) over HTTPS, as published on developer.safaricom.co.ke: OAuth client
 * credentials, M-Pesa Express (STK Push) and its query, B2C payments, Transaction Status and
 * Reversal. Every call is one JSON POST with the bearer token, except OAuth (GET, Basic).
 * Nothing here touches our database: the adapter (mpesa-provider.ts) decides what a reply means.
 */

export interface DarajaCredentials {
  consumerKey: string;
  consumerSecret: string;
  /** The Lipa na M-Pesa Online passkey of the shortcode. */
  passkey: string;
  /** B2C / status / reversal initiator (an API operator on the M-Pesa org portal). */
  initiatorName: string;
  initiatorPassword: string;
  /** Safaricom's public certificate (PEM): the initiator password is encrypted with it. */
  certificatePem: string;
}

export interface DarajaAccount {
  /** https://sandbox.safaricom.co.ke or https://api.safaricom.co.ke (or the local fake). */
  baseUrl: string;
  /** The Paybill / Till that collects (BusinessShortCode). */
  shortCode: string;
  transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** Where a Buy Goods payment lands (PartyB); the shortcode itself for Paybill. */
  partyB: string;
  /** The B2C shortcode that pays out (PartyA of B2C). */
  b2cShortCode: string;
}

/** A refusal in Daraja's error shape: { requestId, errorCode, errorMessage }, or a non-zero ResponseCode. */
export class DarajaError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {
    super(`Daraja ${httpStatus} ${errorCode}: ${errorMessage}`);
  }

  /** "500.001.1001 The transaction is being processed": the STK query's answer while the phone still shows the prompt. */
  get isStillProcessing(): boolean {
    return this.errorCode === '500.001.1001';
  }
}

export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

/** Daraja's Timestamp: yyyyMMddHHmmss in Kenyan time (EAT, UTC+3, no daylight saving). */
export function darajaTimestamp(now: Date): string {
  const eat = new Date(now.getTime() + 3 * 3600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${eat.getUTCFullYear()}${pad(eat.getUTCMonth() + 1)}${pad(eat.getUTCDate())}${pad(eat.getUTCHours())}${pad(eat.getUTCMinutes())}${pad(eat.getUTCSeconds())}`;
}

/** STK Password = base64(BusinessShortCode + Passkey + Timestamp). */
export function stkPassword(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortCode}${passkey}${timestamp}`).toString('base64');
}

/** SecurityCredential: the initiator password RSA-encrypted (PKCS#1 v1.5) with Safaricom's certificate, base64. */
export function securityCredential(initiatorPassword: string, certificatePem: string): string {
  return publicEncrypt({ key: certificatePem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(initiatorPassword)).toString('base64');
}

/** A Kenyan mobile number as Daraja wants it: 2547XXXXXXXX / 2541XXXXXXXX; null when it is not one. */
export function toDarajaMsisdn(phone: string): string | null {
  const digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '');
  const match = /^(?:254|0)?([17]\d{8})$/.exec(digits);
  return match ? `254${match[1]}` : null;
}

const TOKEN_SLACK_MS = 60_000;
const CALL_TIMEOUT_MS = 15_000;

interface CachedToken {
  token: string;
  expiresAt: number;
}

export interface StkPushRequest {
  /** Whole shillings: Daraja refuses decimals. */
  amount: number;
  phone: string;
  callbackUrl: string;
  /** Up to 12 characters, shown to the payer. */
  accountReference: string;
  /** Up to 13 characters. */
  description: string;
}

export type StkQueryState = { state: 'paid' } | { state: 'failed'; resultCode: string; resultDesc: string } | { state: 'pending' };

export interface B2cRequest {
  /** Ours, unique per payout: Daraja echoes it in the result. */
  originatorConversationId: string;
  amount: number;
  phone: string;
  remarks: string;
  occasion: string;
  resultUrl: string;
  queueTimeOutUrl: string;
}

export class DarajaClient {
  private static readonly tokens = new Map<string, CachedToken>();

  constructor(
    private readonly account: DarajaAccount,
    private readonly credentials: DarajaCredentials,
    private readonly http: Fetch = fetch as unknown as Fetch,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Tests and a rotated secret start from a fresh token. */
  static forgetTokens(): void {
    DarajaClient.tokens.clear();
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const response = await this.http(`${this.account.baseUrl}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      throw new DarajaError(response.status, 'unreadable', text.slice(0, 200));
    }
    if (response.status >= 400 || typeof parsed.errorCode === 'string') {
      throw new DarajaError(response.status, String(parsed.errorCode ?? response.status), String(parsed.errorMessage ?? ''));
    }
    return parsed;
  }

  /** GET /oauth/v1/generate?grant_type=client_credentials, cached until a minute before expires_in. */
  async accessToken(): Promise<string> {
    const key = `${this.account.baseUrl}|${this.credentials.consumerKey}`;
    const cached = DarajaClient.tokens.get(key);
    if (cached && cached.expiresAt > this.clock().getTime()) return cached.token;
    const basic = Buffer.from(`${this.credentials.consumerKey}:${this.credentials.consumerSecret}`).toString('base64');
    const reply = await this.request('GET', '/oauth/v1/generate?grant_type=client_credentials', { Authorization: `Basic ${basic}` });
    const token = typeof reply.access_token === 'string' ? reply.access_token : '';
    // Daraja sends expires_in as a string ("3599").
    const seconds = Number(reply.expires_in);
    if (!token || !Number.isFinite(seconds)) throw new DarajaError(502, 'oauth', 'no access_token in the reply');
    DarajaClient.tokens.set(key, { token, expiresAt: this.clock().getTime() + seconds * 1000 - TOKEN_SLACK_MS });
    return token;
  }

  private async call(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const token = await this.accessToken();
    try {
      return await this.request('POST', path, { Authorization: `Bearer ${token}` }, body);
    } catch (error) {
      // 404.001.03 Invalid Access Token: revoked early; one fresh token, one retry.
      if (!(error instanceof DarajaError) || error.errorCode !== '404.001.03') throw error;
      DarajaClient.tokens.delete(`${this.account.baseUrl}|${this.credentials.consumerKey}`);
      const fresh = await this.accessToken();
      return this.request('POST', path, { Authorization: `Bearer ${fresh}` }, body);
    }
  }

  private passwordNow(): { Password: string; Timestamp: string } {
    const timestamp = darajaTimestamp(this.clock());
    return { Password: stkPassword(this.account.shortCode, this.credentials.passkey, timestamp), Timestamp: timestamp };
  }

  /** POST /mpesa/stkpush/v1/processrequest: the phone shows the prompt; the outcome comes to CallBackURL. */
  async stkPush(input: StkPushRequest): Promise<{ merchantRequestId: string; checkoutRequestId: string; customerMessage: string }> {
    const reply = await this.call('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: this.account.shortCode,
      ...this.passwordNow(),
      TransactionType: this.account.transactionType,
      Amount: input.amount,
      PartyA: input.phone,
      PartyB: this.account.partyB,
      PhoneNumber: input.phone,
      CallBackURL: input.callbackUrl,
      AccountReference: input.accountReference.slice(0, 12),
      TransactionDesc: input.description.slice(0, 13),
    });
    if (String(reply.ResponseCode) !== '0') throw new DarajaError(200, String(reply.ResponseCode), String(reply.ResponseDescription ?? ''));
    return {
      merchantRequestId: String(reply.MerchantRequestID),
      checkoutRequestId: String(reply.CheckoutRequestID),
      customerMessage: String(reply.CustomerMessage ?? ''),
    };
  }

  /** POST /mpesa/stkpushquery/v1/query: ResultCode 0 paid, another code failed, 500.001.1001 still on the phone. */
  async stkQuery(checkoutRequestId: string): Promise<StkQueryState> {
    try {
      const reply = await this.call('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: this.account.shortCode,
        ...this.passwordNow(),
        CheckoutRequestID: checkoutRequestId,
      });
      const resultCode = String(reply.ResultCode ?? '');
      if (resultCode === '0') return { state: 'paid' };
      if (resultCode === '') return { state: 'pending' };
      return { state: 'failed', resultCode, resultDesc: String(reply.ResultDesc ?? '') };
    } catch (error) {
      if (error instanceof DarajaError && error.isStillProcessing) return { state: 'pending' };
      throw error;
    }
  }

  private initiator(): { Initiator: string; SecurityCredential: string } {
    return {
      Initiator: this.credentials.initiatorName,
      SecurityCredential: securityCredential(this.credentials.initiatorPassword, this.credentials.certificatePem),
    };
  }

  /** POST /mpesa/b2c/v3/paymentrequest (CommandID BusinessPayment); the result comes to ResultURL, a queue timeout to QueueTimeOutURL. */
  async b2cPayment(input: B2cRequest): Promise<{ conversationId: string; originatorConversationId: string }> {
    const { Initiator, SecurityCredential } = this.initiator();
    const reply = await this.call('/mpesa/b2c/v3/paymentrequest', {
      OriginatorConversationID: input.originatorConversationId,
      InitiatorName: Initiator,
      SecurityCredential,
      CommandID: 'BusinessPayment',
      Amount: input.amount,
      PartyA: this.account.b2cShortCode,
      PartyB: input.phone,
      Remarks: input.remarks.slice(0, 100),
      QueueTimeOutURL: input.queueTimeOutUrl,
      ResultURL: input.resultUrl,
      Occasion: input.occasion.slice(0, 100),
    });
    if (String(reply.ResponseCode) !== '0') throw new DarajaError(200, String(reply.ResponseCode), String(reply.ResponseDescription ?? ''));
    return { conversationId: String(reply.ConversationID), originatorConversationId: String(reply.OriginatorConversationID) };
  }

  /**
   * The org portal's statement export (CSV) at `path`: Daraja itself has no statement call, so a
   * live site points `statementPath` at where its exported statements are served.
   */
  async orgStatementCsv(path: string, from: Date, to: Date): Promise<string> {
    const token = await this.accessToken();
    const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
    const response = await this.http(`${this.account.baseUrl}${path}?${query}`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status >= 400) throw new DarajaError(response.status, 'statement', text.slice(0, 200));
    return text;
  }

  /** POST /mpesa/transactionstatus/v1/query: asynchronous, the answer comes to ResultURL. */
  async transactionStatus(input: {
    transactionId?: string;
    originatorConversationId?: string;
    resultUrl: string;
    queueTimeOutUrl: string;
  }) {
    return this.call('/mpesa/transactionstatus/v1/query', {
      ...this.initiator(),
      CommandID: 'TransactionStatusQuery',
      ...(input.transactionId ? { TransactionID: input.transactionId } : {}),
      ...(input.originatorConversationId ? { OriginalConversationID: input.originatorConversationId } : {}),
      PartyA: this.account.b2cShortCode,
      IdentifierType: '4',
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.queueTimeOutUrl,
      Remarks: 'status',
      Occasion: 'status',
    });
  }

  /** POST /mpesa/reversal/v1/request: reverses a completed M-Pesa transaction (Safaricom spells RecieverIdentifierType so). */
  async reversal(input: { transactionId: string; amount: number; resultUrl: string; queueTimeOutUrl: string; remarks: string }) {
    return this.call('/mpesa/reversal/v1/request', {
      ...this.initiator(),
      CommandID: 'TransactionReversal',
      TransactionID: input.transactionId,
      Amount: input.amount,
      ReceiverParty: this.account.shortCode,
      RecieverIdentifierType: '11',
      ResultURL: input.resultUrl,
      QueueTimeOutURL: input.queueTimeOutUrl,
      Remarks: input.remarks.slice(0, 100),
      Occasion: 'reversal',
    });
  }
}

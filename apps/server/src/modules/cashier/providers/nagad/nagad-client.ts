import {
  decryptSensitiveData,
  encryptSensitiveData,
  nagadDateTime,
  newChallenge,
  signSensitiveData,
  verifySensitiveData,
} from './nagad-crypto';
import {
  type CompleteAnswer,
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
  NAGAD_PATHS,
  NAGAD_PAYMENT_STATUSES,
  type NagadClientType,
  type NagadEnvelope,
  type VerifyAnswer,
} from './nagad-protocol';

/** What one Nagad merchant account needs. The keys come from the environment (nagad-config.ts), never the database. */
export interface NagadCredentials {
  baseUrl: string;
  merchantId: string;
  /** The merchant's Nagad wallet number (the guide's `accountNumber`). */
  merchantNumber: string;
  merchantPrivateKeyPem: string;
  nagadPublicKeyPem: string;
}

export type NagadFailure = 'refused' | 'bad_signature' | 'unreachable' | 'invalid_answer';

/** Nagad said no (`refused`, with its reason), could not be reached in time, or answered something we cannot trust. */
export class NagadError extends Error {
  constructor(
    readonly failure: NagadFailure,
    readonly reason: string,
    message: string,
  ) {
    super(`nagad ${failure}: ${reason}: ${message}`);
  }
}

export type Transport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<Response>;

export interface NagadClientOptions {
  credentials: NagadCredentials;
  transport?: Transport;
  timeoutMs?: number;
  clientIp?: string;
  clientType?: NagadClientType;
  now?: () => Date;
}

/**
 * Nagad's merchant API, call by call, as the integration guide publishes it. Every sensitive
 * answer is decrypted with our key AND its signature checked with Nagad's key before a field is
 * read; the challenge we sent must come back, so a recorded answer cannot be replayed into
 * another order. Timeouts are errors the caller settles with a later verify.
 */
export class NagadClient {
  private readonly credentials: NagadCredentials;
  private readonly transport: Transport;
  private readonly timeoutMs: number;
  private readonly clientIp: string;
  private readonly clientType: NagadClientType;
  private readonly now: () => Date;

  constructor(options: NagadClientOptions) {
    this.credentials = options.credentials;
    this.transport = options.transport ?? ((url, init) => fetch(url, init));
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.clientIp = options.clientIp ?? '127.0.0.1';
    this.clientType = options.clientType ?? 'PC_WEB';
    this.now = options.now ?? (() => new Date());
  }

  /** Step 1: `POST /check-out/initialize/{merchantId}/{orderId}` -> payment reference and Nagad's challenge. */
  async initialize(orderId: string): Promise<InitializeAnswerSensitive> {
    const { merchantId, merchantNumber } = this.credentials;
    const datetime = nagadDateTime(this.now());
    const challenge = newChallenge();
    const sensitive: InitializeSensitive = { merchantId, datetime, orderId, challenge };
    const body: InitializeRequestBody = { accountNumber: merchantNumber, dateTime: datetime, ...this.seal(sensitive) };
    const answer = await this.call('POST', `${NAGAD_PATHS.initialize(merchantId, orderId)}?locale=EN`, body);
    const opened = this.open<InitializeAnswerSensitive>(answer);
    if (typeof opened.paymentReferenceId !== 'string' || typeof opened.challenge !== 'string' || !opened.paymentReferenceId) {
      throw new NagadError('invalid_answer', 'initialize', 'no paymentReferenceId or challenge');
    }
    return opened;
  }

  /** Step 2: `POST /check-out/complete/{paymentReferenceId}` with the amount -> the checkout page the member is sent to. */
  async complete(input: {
    paymentReferenceId: string;
    orderId: string;
    amount: bigint;
    challenge: string;
    callbackUrl: string;
    additionalMerchantInfo?: Record<string, string>;
  }): Promise<{ callBackUrl: string }> {
    const sensitive: CompleteSensitive = {
      merchantId: this.credentials.merchantId,
      orderId: input.orderId,
      currencyCode: NAGAD_CURRENCY_BDT,
      amount: formatNagadAmount(input.amount),
      challenge: input.challenge,
    };
    const body: CompleteRequestBody = {
      ...this.seal(sensitive),
      merchantCallbackURL: input.callbackUrl,
      ...(input.additionalMerchantInfo ? { additionalMerchantInfo: input.additionalMerchantInfo } : {}),
    };
    const answer = (await this.call('POST', NAGAD_PATHS.complete(input.paymentReferenceId), body)) as CompleteAnswer;
    if (answer.status !== 'Success' || typeof answer.callBackUrl !== 'string') {
      throw new NagadError('refused', answer.reason ?? answer.status ?? 'complete', answer.message ?? 'complete refused');
    }
    return { callBackUrl: answer.callBackUrl };
  }

  /** `GET /verify/payment/{paymentReferenceId}`: the only source of truth about a payment (the callback redirect is unsigned). */
  async verify(paymentReferenceId: string): Promise<VerifyAnswer> {
    const answer = (await this.call('GET', NAGAD_PATHS.verify(paymentReferenceId))) as Partial<VerifyAnswer>;
    if (
      typeof answer.paymentRefId !== 'string' ||
      typeof answer.orderId !== 'string' ||
      typeof answer.amount !== 'string' ||
      !NAGAD_PAYMENT_STATUSES.includes(answer.status as VerifyAnswer['status'])
    ) {
      throw new NagadError('invalid_answer', 'verify', 'unexpected verify answer');
    }
    if (answer.merchantId !== this.credentials.merchantId) throw new NagadError('invalid_answer', 'verify', 'another merchant’s payment');
    return answer as VerifyAnswer;
  }

  /** ASSUMED payout call (see nagad-protocol.ts): sends taka to a member's Nagad wallet. */
  async disburse(input: { disbursementId: string; recipientAccount: string; amount: bigint }): Promise<DisburseAnswerSensitive> {
    const challenge = newChallenge();
    const sensitive: DisburseSensitive = {
      merchantId: this.credentials.merchantId,
      disbursementId: input.disbursementId,
      recipientAccount: input.recipientAccount,
      amount: formatNagadAmount(input.amount),
      currencyCode: NAGAD_CURRENCY_BDT,
      datetime: nagadDateTime(this.now()),
      challenge,
    };
    const answer = await this.call('POST', NAGAD_PATHS.disburse(this.credentials.merchantId, input.disbursementId), this.seal(sensitive));
    const opened = this.open<DisburseAnswerSensitive>(answer);
    if (opened.challenge !== challenge || opened.disbursementId !== input.disbursementId) {
      throw new NagadError('invalid_answer', 'disburse', 'challenge or disbursement id not echoed');
    }
    return opened;
  }

  /** ASSUMED payout status query, signed like the disbursement answer. */
  async disbursementStatus(disbursementReferenceId: string): Promise<DisburseAnswerSensitive> {
    const answer = await this.call('GET', NAGAD_PATHS.disbursementStatus(disbursementReferenceId));
    return this.open<DisburseAnswerSensitive>(answer);
  }

  /** ASSUMED: the day's statement CSV, signed (SHA256withRSA by Nagad) over its exact bytes in the `X-KM-Signature` header. */
  async statement(day: string): Promise<string> {
    const response = await this.send('GET', NAGAD_PATHS.statement(this.credentials.merchantId, day));
    const text = await response.text();
    if (!response.ok) throw new NagadError('refused', `http_${response.status}`, text.slice(0, 200));
    const signature = response.headers.get('x-km-signature') ?? '';
    if (!verifySensitiveData(this.credentials.nagadPublicKeyPem, text, signature)) {
      throw new NagadError('bad_signature', 'statement', 'statement signature does not verify');
    }
    return text;
  }

  private seal(sensitive: object): NagadEnvelope {
    const plaintext = JSON.stringify(sensitive);
    return {
      sensitiveData: encryptSensitiveData(this.credentials.nagadPublicKeyPem, plaintext),
      signature: signSensitiveData(this.credentials.merchantPrivateKeyPem, plaintext),
    };
  }

  /** Decrypts with our key and checks Nagad's signature over the decrypted text: neither alone is trusted. */
  private open<T>(answer: unknown): T {
    const envelope = answer as Partial<NagadEnvelope>;
    if (typeof envelope.sensitiveData !== 'string' || typeof envelope.signature !== 'string') {
      throw new NagadError('invalid_answer', 'envelope', 'no sensitiveData/signature');
    }
    const plaintext = decryptSensitiveData(this.credentials.merchantPrivateKeyPem, envelope.sensitiveData);
    if (plaintext === null) throw new NagadError('invalid_answer', 'decrypt', 'sensitiveData does not decrypt with our key');
    if (!verifySensitiveData(this.credentials.nagadPublicKeyPem, plaintext, envelope.signature)) {
      throw new NagadError('bad_signature', 'signature', 'Nagad’s signature does not verify');
    }
    try {
      return JSON.parse(plaintext) as T;
    } catch {
      throw new NagadError('invalid_answer', 'json', 'sensitiveData is not JSON');
    }
  }

  private async call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    const response = await this.send(method, path, body);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new NagadError('invalid_answer', `http_${response.status}`, 'answer is not JSON');
    }
    if (!response.ok) {
      const error = parsed as { reason?: string; message?: string };
      throw new NagadError('refused', error.reason ?? `http_${response.status}`, error.message ?? 'refused');
    }
    return parsed;
  }

  private async send(method: 'GET' | 'POST', path: string, body?: object): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-KM-Api-Version': NAGAD_API_VERSION,
      'X-KM-IP-V4': this.clientIp,
      'X-KM-Client-Type': this.clientType,
    };
    try {
      return await this.transport(`${this.credentials.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new NagadError('unreachable', 'network', error instanceof Error ? error.message : String(error));
    }
  }
}

import { constants, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { darajaTimestamp } from './daraja-client';
import { registerFakeDarajaHttp } from './fake-daraja-http';

/*
 * FAKE DARAJA - a local stand-in for Safaricom's Daraja API, for development, tests and the demo.
 * No money moves anywhere. It answers the published request and response shapes (OAuth, STK Push
 * and query, B2C, Transaction Status, Reversal) and, instead of a real phone, exposes a "phone"
 * API on which a test or the demo accepts, cancels or lets a prompt run out, which sends the
 * callback Daraja would. It keeps its state in this process (it stands for a remote service),
 * and it can misbehave on purpose: duplicate callbacks, late callbacks, unknown ids.
 */

export const FAKE_DARAJA_PREFIX = '/fake-daraja';
export const FAKE_DARAJA_PIN = '1234';

export interface FakeDarajaApp {
  consumerKey: string;
  consumerSecret: string;
  shortCode: string;
  passkey: string;
  initiatorName: string;
  initiatorPassword: string;
}

type Deliver = (url: string, body: unknown) => Promise<void>;

export interface Prompt {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  callbackUrl: string;
  /** null while the phone still shows the prompt. */
  resultCode: number | null;
  resultDesc: string;
  receipt: string | null;
  completedAt: Date | null;
}

export interface Payout {
  originatorConversationId: string;
  conversationId: string;
  amount: number;
  phone: string;
  resultUrl: string;
  queueTimeOutUrl: string;
  resultCode: number | null;
  receipt: string | null;
  completedAt?: Date;
}

export const RESULT_TEXT: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

export const receiptOf = () => `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;
export const requestId = () => `${Math.floor(Math.random() * 90000) + 10000}-${Math.floor(Math.random() * 9e7) + 1e7}-1`;

export class FakeDaraja {
  readonly certificatePem: string;
  private readonly privateKeyPem: string;
  /** Issued access tokens and their expiry (ms). */
  readonly tokens = new Map<string, number>();
  readonly prompts = new Map<string, Prompt>();
  readonly payouts = new Map<string, Payout>();
  /** Transaction Reversal requests accepted (TransactionID, Amount). */
  readonly reversals: Array<{ transactionId: string; amount: number; receipt?: string; completedAt?: Date }> = [];
  /** Every callback sent, in order (tests replay them: duplicates, out of order). */
  readonly sent: Array<{ url: string; body: unknown }> = [];

  constructor(
    readonly app: FakeDarajaApp,
    private deliver: Deliver = defaultDeliver,
    readonly options: { autoPayout?: boolean } = {},
  ) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.certificatePem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  setDeliver(deliver: Deliver): void {
    this.deliver = deliver;
  }

  async send(url: string, body: unknown): Promise<void> {
    this.sent.push({ url, body });
    await this.deliver(url, body);
  }

  stkCallbackOf(prompt: Prompt): unknown {
    const isPaid = prompt.resultCode === 0;
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: prompt.merchantRequestId,
          CheckoutRequestID: prompt.checkoutRequestId,
          ResultCode: prompt.resultCode,
          ResultDesc: prompt.resultDesc,
          ...(isPaid
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: prompt.amount },
                    { Name: 'MpesaReceiptNumber', Value: prompt.receipt },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: Number(darajaTimestamp(prompt.completedAt ?? new Date())) },
                    { Name: 'PhoneNumber', Value: Number(prompt.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    };
  }

  /** The phone's answer to a prompt: the PIN (accept), cancel (1032), no funds (1), or no answer (1037). `deliveries` 0 = the callback is lost. */
  async respond(
    checkoutRequestId: string,
    answer: { action: 'accept' | 'cancel' | 'insufficient' | 'timeout'; pin?: string; deliveries?: number },
  ) {
    const prompt = this.prompts.get(checkoutRequestId);
    if (!prompt) return { ok: false as const, reason: 'unknown CheckoutRequestID' };
    if (prompt.resultCode !== null) return { ok: false as const, reason: 'prompt already answered' };
    let code: number;
    if (answer.action === 'accept') {
      // A wrong PIN leaves the prompt open, as the phone asks again.
      if (answer.pin !== FAKE_DARAJA_PIN) return { ok: false as const, reason: 'wrong PIN' };
      code = 0;
    } else code = answer.action === 'cancel' ? 1032 : answer.action === 'insufficient' ? 1 : 1037;
    prompt.resultCode = code;
    prompt.resultDesc = RESULT_TEXT[code] ?? 'failed';
    prompt.completedAt = new Date();
    if (code === 0) prompt.receipt = receiptOf();
    for (let delivery = 0; delivery < (answer.deliveries ?? 1); delivery += 1)
      await this.send(prompt.callbackUrl, this.stkCallbackOf(prompt));
    return { ok: true as const, resultCode: code, receipt: prompt.receipt };
  }

  resultOf(payout: Payout): unknown {
    const code = payout.resultCode ?? 0;
    return {
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: RESULT_TEXT[code] ?? 'failed',
        OriginatorConversationID: payout.originatorConversationId,
        ConversationID: payout.conversationId,
        TransactionID: payout.receipt ?? receiptOf(),
        ...(code === 0
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'TransactionAmount', Value: payout.amount },
                  { Key: 'TransactionReceipt', Value: payout.receipt },
                  { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
                  { Key: 'ReceiverPartyPublicName', Value: `${payout.phone} - Fake Customer` },
                  { Key: 'TransactionCompletedDateTime', Value: new Date().toISOString() },
                ],
              },
            }
          : {}),
        ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: payout.queueTimeOutUrl } },
      },
    };
  }

  /** Ends a B2C payment: success (0), failure (2001 / 1), or a queue timeout (the outcome stays unknown to the caller). */
  async completePayout(originatorConversationId: string, outcome: 'success' | 'failure' | 'insufficient' | 'timeout', deliveries = 1) {
    const payout = this.payouts.get(originatorConversationId);
    if (!payout) return { ok: false as const, reason: 'unknown OriginatorConversationID' };
    if (outcome === 'timeout') {
      await this.send(payout.queueTimeOutUrl, {
        Result: {
          ResultType: 1,
          ResultCode: 'SFC_IC0003',
          ResultDesc: 'The request timed out in the queue',
          OriginatorConversationID: payout.originatorConversationId,
          ConversationID: payout.conversationId,
        },
      });
      return { ok: true as const };
    }
    if (payout.resultCode === null) {
      payout.resultCode = outcome === 'success' ? 0 : outcome === 'insufficient' ? 1 : 2001;
      if (payout.resultCode === 0) payout.receipt = receiptOf();
      payout.completedAt = new Date();
    }
    for (let delivery = 0; delivery < deliveries; delivery += 1) await this.send(payout.resultUrl, this.resultOf(payout));
    return { ok: true as const, resultCode: payout.resultCode, receipt: payout.receipt };
  }

  /**
   * The M-Pesa org portal's statement export (Daraja has no statement API; operators download it
   * as CSV): Receipt No., Completion Time (EAT), Initiation Time, Details, Transaction Status,
   * Paid In, Withdrawn, Balance, Balance Confirmed, Reason Type, Other Party Info, Linked
   * Transaction ID, A/C No. Completed money movements between `from` and `to`.
   */
  statementCsv(from: Date, to: Date): string {
    const eat = (when: Date) => {
      const stamp = darajaTimestamp(when);
      return `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)} ${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12, 14)}`;
    };
    const inRange = (when: Date | null | undefined): when is Date => Boolean(when && when >= from && when < to);
    const rows: string[][] = [];
    for (const prompt of this.prompts.values()) {
      if (prompt.resultCode !== 0 || !prompt.receipt || !inRange(prompt.completedAt)) continue;
      const when = eat(prompt.completedAt);
      rows.push([
        prompt.receipt,
        when,
        when,
        `Pay Bill Online from ${prompt.phone}`,
        'Completed',
        prompt.amount.toFixed(2),
        '',
        '',
        'Yes',
        'Pay Bill Online',
        `${prompt.phone} - Customer`,
        '',
        prompt.accountReference,
      ]);
    }
    for (const payout of this.payouts.values()) {
      if (payout.resultCode !== 0 || !payout.receipt || !inRange(payout.completedAt)) continue;
      const when = eat(payout.completedAt);
      rows.push([
        payout.receipt,
        when,
        when,
        `Business Payment to ${payout.phone}`,
        'Completed',
        '',
        `-${payout.amount.toFixed(2)}`,
        '',
        'Yes',
        'Business Payment',
        `${payout.phone} - Customer`,
        '',
        payout.originatorConversationId,
      ]);
    }
    for (const reversal of this.reversals) {
      if (!reversal.receipt || !inRange(reversal.completedAt)) continue;
      const when = eat(reversal.completedAt);
      rows.push([
        reversal.receipt,
        when,
        when,
        `Reversal of ${reversal.transactionId}`,
        'Completed',
        '',
        `-${reversal.amount.toFixed(2)}`,
        '',
        'Yes',
        'Reversal',
        '',
        reversal.transactionId,
        '',
      ]);
    }
    const header = [
      'Receipt No.',
      'Completion Time',
      'Initiation Time',
      'Details',
      'Transaction Status',
      'Paid In',
      'Withdrawn',
      'Balance',
      'Balance Confirmed',
      'Reason Type',
      'Other Party Info',
      'Linked Transaction ID',
      'A/C No.',
    ];
    return [header, ...rows].map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n');
  }

  isTokenValid(header: string | undefined): boolean {
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    const expires = this.tokens.get(token);
    return expires !== undefined && expires > Date.now();
  }

  isInitiator(name: unknown, credential: unknown): boolean {
    if (name !== this.app.initiatorName || typeof credential !== 'string') return false;
    try {
      // Node refuses PKCS#1 v1.5 decryption (the Marvin timing attack), so the fake opens the raw
      // block and checks the v1.5 layout itself: 00 02 <nonzero padding> 00 <password>.
      const block = privateDecrypt({ key: this.privateKeyPem, padding: constants.RSA_NO_PADDING }, Buffer.from(credential, 'base64'));
      const separator = block.indexOf(0, 2);
      if (block[0] !== 0 || block[1] !== 2 || separator < 10) return false;
      return block.subarray(separator + 1).toString() === this.app.initiatorPassword;
    } catch {
      return false;
    }
  }

  /** Daraja's own routes plus the phone and control API, under FAKE_DARAJA_PREFIX (fake-daraja-http.ts). */
  register(server: FastifyInstance): void {
    registerFakeDarajaHttp(this, server);
  }
}

async function defaultDeliver(url: string, body: unknown): Promise<void> {
  await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
}

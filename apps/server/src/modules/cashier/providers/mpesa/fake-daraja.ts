import { constants, generateKeyPairSync, privateDecrypt, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { darajaTimestamp, stkPassword } from './daraja-client';

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

interface Prompt {
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

interface Payout {
  originatorConversationId: string;
  conversationId: string;
  amount: number;
  phone: string;
  resultUrl: string;
  queueTimeOutUrl: string;
  resultCode: number | null;
  receipt: string | null;
}

const RESULT_TEXT: Record<number, string> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

const receiptOf = () => `S${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;
const requestId = () => `${Math.floor(Math.random() * 90000) + 10000}-${Math.floor(Math.random() * 9e7) + 1e7}-1`;

export class FakeDaraja {
  readonly certificatePem: string;
  private readonly privateKeyPem: string;
  private readonly tokens = new Map<string, number>();
  readonly prompts = new Map<string, Prompt>();
  readonly payouts = new Map<string, Payout>();
  /** Transaction Reversal requests accepted (TransactionID, Amount). */
  readonly reversals: Array<{ transactionId: string; amount: number }> = [];
  /** Every callback sent, in order (tests replay them: duplicates, out of order). */
  readonly sent: Array<{ url: string; body: unknown }> = [];

  constructor(
    readonly app: FakeDarajaApp,
    private deliver: Deliver = defaultDeliver,
    private readonly options: { autoPayout?: boolean } = {},
  ) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.certificatePem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.privateKeyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  setDeliver(deliver: Deliver): void {
    this.deliver = deliver;
  }

  private async send(url: string, body: unknown): Promise<void> {
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
    }
    for (let delivery = 0; delivery < deliveries; delivery += 1) await this.send(payout.resultUrl, this.resultOf(payout));
    return { ok: true as const, resultCode: payout.resultCode, receipt: payout.receipt };
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

  /** Daraja's own routes plus the phone and control API, under FAKE_DARAJA_PREFIX. */
  register(server: FastifyInstance): void {
    const bad = (field: string) => ({ requestId: requestId(), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` });
    const invalidToken = { requestId: requestId(), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' };

    server.register(
      async (scope) => {
        scope.get('/oauth/v1/generate', async (request, reply) => {
          const query = request.query as { grant_type?: string };
          const basic = request.headers.authorization?.startsWith('Basic ') ? request.headers.authorization.slice(6) : '';
          const [key, secret] = Buffer.from(basic, 'base64').toString().split(':');
          if (query.grant_type !== 'client_credentials' || key !== this.app.consumerKey || secret !== this.app.consumerSecret) {
            return reply.code(400).send({ requestId: requestId(), errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
          }
          const token = randomBytes(14).toString('base64url');
          this.tokens.set(token, Date.now() + 3599_000);
          return { access_token: token, expires_in: '3599' };
        });

        scope.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
          if (!this.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
          const body = (request.body ?? {}) as Record<string, unknown>;
          if (String(body.BusinessShortCode) !== this.app.shortCode) return reply.code(400).send(bad('BusinessShortCode'));
          const timestamp = String(body.Timestamp ?? '');
          if (!/^\d{14}$/.test(timestamp) || body.Password !== stkPassword(this.app.shortCode, this.app.passkey, timestamp)) {
            return reply.code(400).send({ requestId: requestId(), errorCode: '500.001.1001', errorMessage: 'Wrong credentials' });
          }
          if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1) return reply.code(400).send(bad('Amount'));
          const phone = String(body.PhoneNumber ?? '');
          if (!/^254[17]\d{8}$/.test(phone) || String(body.PartyA) !== phone) return reply.code(400).send(bad('PhoneNumber'));
          if (typeof body.CallBackURL !== 'string' || !/^https?:\/\//.test(body.CallBackURL))
            return reply.code(400).send(bad('CallBackURL'));
          const prompt: Prompt = {
            merchantRequestId: requestId(),
            checkoutRequestId: `ws_CO_${darajaTimestamp(new Date())}${randomBytes(4).toString('hex')}`,
            amount: body.Amount as number,
            phone,
            accountReference: String(body.AccountReference ?? ''),
            callbackUrl: body.CallBackURL,
            resultCode: null,
            resultDesc: '',
            receipt: null,
            completedAt: null,
          };
          this.prompts.set(prompt.checkoutRequestId, prompt);
          return {
            MerchantRequestID: prompt.merchantRequestId,
            CheckoutRequestID: prompt.checkoutRequestId,
            ResponseCode: '0',
            ResponseDescription: 'Success. Request accepted for processing',
            CustomerMessage: 'Success. Request accepted for processing',
          };
        });

        scope.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
          if (!this.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
          const body = (request.body ?? {}) as Record<string, unknown>;
          const timestamp = String(body.Timestamp ?? '');
          if (body.Password !== stkPassword(this.app.shortCode, this.app.passkey, timestamp)) return reply.code(400).send(bad('Password'));
          const prompt = this.prompts.get(String(body.CheckoutRequestID ?? ''));
          if (!prompt) return reply.code(400).send(bad('CheckoutRequestID'));
          if (prompt.resultCode === null) {
            return reply
              .code(500)
              .send({ requestId: requestId(), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
          }
          return {
            ResponseCode: '0',
            ResponseDescription: 'The service request has been accepted successsfully',
            MerchantRequestID: prompt.merchantRequestId,
            CheckoutRequestID: prompt.checkoutRequestId,
            ResultCode: String(prompt.resultCode),
            ResultDesc: prompt.resultDesc,
          };
        });

        scope.post('/mpesa/b2c/v3/paymentrequest', async (request, reply) => {
          if (!this.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
          const body = (request.body ?? {}) as Record<string, unknown>;
          if (!this.isInitiator(body.InitiatorName, body.SecurityCredential)) {
            return reply
              .code(400)
              .send({ requestId: requestId(), errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid SecurityCredential' });
          }
          if (body.CommandID !== 'BusinessPayment' && body.CommandID !== 'SalaryPayment' && body.CommandID !== 'PromotionPayment')
            return reply.code(400).send(bad('CommandID'));
          if (!Number.isInteger(body.Amount) || (body.Amount as number) < 10) return reply.code(400).send(bad('Amount'));
          const phone = String(body.PartyB ?? '');
          if (!/^254[17]\d{8}$/.test(phone)) return reply.code(400).send(bad('PartyB'));
          const originatorConversationId = String(body.OriginatorConversationID ?? randomUUID());
          const existing = this.payouts.get(originatorConversationId);
          // Daraja refuses a second request with the same OriginatorConversationID.
          if (existing)
            return reply
              .code(400)
              .send({ requestId: requestId(), errorCode: '400.002.05', errorMessage: 'Duplicate OriginatorConversationID' });
          const payout: Payout = {
            originatorConversationId,
            conversationId: `AG_${darajaTimestamp(new Date()).slice(0, 8)}_${randomBytes(10).toString('hex')}`,
            amount: body.Amount as number,
            phone,
            resultUrl: String(body.ResultURL ?? ''),
            queueTimeOutUrl: String(body.QueueTimeOutURL ?? ''),
            resultCode: null,
            receipt: null,
          };
          this.payouts.set(originatorConversationId, payout);
          if (this.options.autoPayout)
            setTimeout(() => void this.completePayout(originatorConversationId, 'success').catch(() => undefined), 300);
          return {
            ConversationID: payout.conversationId,
            OriginatorConversationID: payout.originatorConversationId,
            ResponseCode: '0',
            ResponseDescription: 'Accept the service request successfully.',
          };
        });

        scope.post('/mpesa/transactionstatus/v1/query', async (request, reply) => {
          if (!this.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
          const body = (request.body ?? {}) as Record<string, unknown>;
          if (!this.isInitiator(body.Initiator, body.SecurityCredential)) return reply.code(400).send(bad('SecurityCredential'));
          const payout = [...this.payouts.values()].find(
            (entry) =>
              entry.originatorConversationId === body.OriginalConversationID ||
              (entry.receipt !== null && entry.receipt === body.TransactionID),
          );
          const conversation = { ConversationID: `AG_${randomBytes(8).toString('hex')}`, OriginatorConversationID: randomUUID() };
          const resultUrl = String(body.ResultURL ?? '');
          const status = payout?.resultCode === 0 ? 'Completed' : payout?.resultCode === null ? 'Pending' : 'Failed';
          setTimeout(
            () =>
              void this.send(resultUrl, {
                Result: {
                  ResultType: 0,
                  ResultCode: payout ? 0 : 2032,
                  ResultDesc: payout ? RESULT_TEXT[0] : 'The transaction receipt number does not exist.',
                  ...conversation,
                  TransactionID: payout?.receipt ?? receiptOf(),
                  ResultParameters: {
                    ResultParameter: [
                      { Key: 'ReceiptNo', Value: payout?.receipt ?? '' },
                      { Key: 'TransactionStatus', Value: status },
                      { Key: 'Amount', Value: payout?.amount ?? 0 },
                      { Key: 'OriginatorConversationID', Value: payout?.originatorConversationId ?? '' },
                    ],
                  },
                },
              }).catch(() => undefined),
            50,
          );
          return { ...conversation, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' };
        });

        scope.post('/mpesa/reversal/v1/request', async (request, reply) => {
          if (!this.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
          const body = (request.body ?? {}) as Record<string, unknown>;
          if (!this.isInitiator(body.Initiator, body.SecurityCredential)) return reply.code(400).send(bad('SecurityCredential'));
          const known = [...this.prompts.values()].some((prompt) => prompt.receipt === body.TransactionID);
          this.reversals.push({ transactionId: String(body.TransactionID ?? ''), amount: Number(body.Amount) });
          const conversation = { ConversationID: `AG_${randomBytes(8).toString('hex')}`, OriginatorConversationID: randomUUID() };
          const resultUrl = String(body.ResultURL ?? '');
          setTimeout(
            () =>
              void this.send(resultUrl, {
                Result: {
                  ResultType: 0,
                  ResultCode: known ? 0 : 'R000002',
                  ResultDesc: known ? RESULT_TEXT[0] : 'The OriginalTransactionID is invalid.',
                  ...conversation,
                  TransactionID: receiptOf(),
                },
              }).catch(() => undefined),
            50,
          );
          return { ...conversation, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' };
        });

        // The "phone" and control API (not Daraja's): what the e2e and the demo drive.
        scope.get('/phone/:msisdn/prompts', async (request) => {
          const { msisdn } = request.params as { msisdn: string };
          return [...this.prompts.values()]
            .filter((prompt) => prompt.phone === msisdn && prompt.resultCode === null)
            .map((prompt) => ({
              checkoutRequestId: prompt.checkoutRequestId,
              amount: prompt.amount,
              accountReference: prompt.accountReference,
            }));
        });
        scope.post('/phone/prompts/:checkoutRequestId', async (request, reply) => {
          const { checkoutRequestId } = request.params as { checkoutRequestId: string };
          const body = (request.body ?? {}) as {
            action?: 'accept' | 'cancel' | 'insufficient' | 'timeout';
            pin?: string;
            deliveries?: number;
          };
          if (!body.action || !['accept', 'cancel', 'insufficient', 'timeout'].includes(body.action))
            return reply.code(400).send({ ok: false, reason: 'action' });
          const answer = await this.respond(checkoutRequestId, {
            action: body.action,
            ...(body.pin ? { pin: body.pin } : {}),
            ...(body.deliveries !== undefined ? { deliveries: body.deliveries } : {}),
          });
          return reply.code(answer.ok ? 200 : 409).send(answer);
        });
        scope.post('/control/payouts/:originatorConversationId', async (request, reply) => {
          const { originatorConversationId } = request.params as { originatorConversationId: string };
          const body = (request.body ?? {}) as { outcome?: 'success' | 'failure' | 'insufficient' | 'timeout' };
          if (!body.outcome) return reply.code(400).send({ ok: false, reason: 'outcome' });
          const answer = await this.completePayout(originatorConversationId, body.outcome);
          return reply.code(answer.ok ? 200 : 409).send(answer);
        });
      },
      { prefix: FAKE_DARAJA_PREFIX },
    );
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

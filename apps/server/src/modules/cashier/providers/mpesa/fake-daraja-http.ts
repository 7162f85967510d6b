import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { darajaTimestamp, stkPassword } from './daraja-client';
import { FAKE_DARAJA_PREFIX, type FakeDaraja, type Payout, type Prompt, RESULT_TEXT, receiptOf, requestId } from './fake-daraja';

/*
 * FAKE DARAJA's HTTP face: Safaricom's published routes (OAuth, STK Push and query, B2C,
 * Transaction Status, Reversal), the org portal's statement export, and the phone / control API
 * the e2e and the demo drive. State lives in the FakeDaraja (fake-daraja.ts).
 */
export function registerFakeDarajaHttp(fake: FakeDaraja, server: FastifyInstance): void {
  const bad = (field: string) => ({ requestId: requestId(), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` });
  const invalidToken = { requestId: requestId(), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' };
  /**
   * Daraja's asynchronous answer (Transaction Status, Reversal): accepted now under a new
   * conversation, the Result (with that conversation) posted to the request's ResultURL 50 ms later.
   */
  const acceptThenSendResult = (
    body: Record<string, unknown>,
    result: { ResultCode: number | string; ResultDesc: string | undefined; TransactionID: string; ResultParameters?: unknown },
  ) => {
    const conversation = { ConversationID: `AG_${randomBytes(8).toString('hex')}`, OriginatorConversationID: randomUUID() };
    const { ResultCode, ResultDesc, ...rest } = result;
    const resultUrl = String(body.ResultURL ?? '');
    setTimeout(
      () =>
        void fake.send(resultUrl, { Result: { ResultType: 0, ResultCode, ResultDesc, ...conversation, ...rest } }).catch(() => undefined),
      50,
    );
    return { ...conversation, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' };
  };

  server.register(
    async (scope) => {
      scope.get('/oauth/v1/generate', async (request, reply) => {
        const query = request.query as { grant_type?: string };
        const basic = request.headers.authorization?.startsWith('Basic ') ? request.headers.authorization.slice(6) : '';
        const [key, secret] = Buffer.from(basic, 'base64').toString().split(':');
        if (query.grant_type !== 'client_credentials' || key !== fake.app.consumerKey || secret !== fake.app.consumerSecret) {
          return reply.code(400).send({ requestId: requestId(), errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
        }
        const token = randomBytes(14).toString('base64url');
        fake.tokens.set(token, Date.now() + 3599_000);
        return { access_token: token, expires_in: '3599' };
      });

      scope.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
        if (!fake.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (String(body.BusinessShortCode) !== fake.app.shortCode) return reply.code(400).send(bad('BusinessShortCode'));
        const timestamp = String(body.Timestamp ?? '');
        if (!/^\d{14}$/.test(timestamp) || body.Password !== stkPassword(fake.app.shortCode, fake.app.passkey, timestamp)) {
          return reply.code(400).send({ requestId: requestId(), errorCode: '500.001.1001', errorMessage: 'Wrong credentials' });
        }
        if (!Number.isInteger(body.Amount) || (body.Amount as number) < 1) return reply.code(400).send(bad('Amount'));
        const phone = String(body.PhoneNumber ?? '');
        if (!/^254[17]\d{8}$/.test(phone) || String(body.PartyA) !== phone) return reply.code(400).send(bad('PhoneNumber'));
        if (typeof body.CallBackURL !== 'string' || !/^https?:\/\//.test(body.CallBackURL)) return reply.code(400).send(bad('CallBackURL'));
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
        fake.prompts.set(prompt.checkoutRequestId, prompt);
        return {
          MerchantRequestID: prompt.merchantRequestId,
          CheckoutRequestID: prompt.checkoutRequestId,
          ResponseCode: '0',
          ResponseDescription: 'Success. Request accepted for processing',
          CustomerMessage: 'Success. Request accepted for processing',
        };
      });

      scope.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
        if (!fake.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
        const body = (request.body ?? {}) as Record<string, unknown>;
        const timestamp = String(body.Timestamp ?? '');
        if (body.Password !== stkPassword(fake.app.shortCode, fake.app.passkey, timestamp)) return reply.code(400).send(bad('Password'));
        const prompt = fake.prompts.get(String(body.CheckoutRequestID ?? ''));
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
        if (!fake.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (!fake.isInitiator(body.InitiatorName, body.SecurityCredential)) {
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
        const existing = fake.payouts.get(originatorConversationId);
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
        fake.payouts.set(originatorConversationId, payout);
        if (fake.options.autoPayout)
          setTimeout(() => void fake.completePayout(originatorConversationId, 'success').catch(() => undefined), 300);
        return {
          ConversationID: payout.conversationId,
          OriginatorConversationID: payout.originatorConversationId,
          ResponseCode: '0',
          ResponseDescription: 'Accept the service request successfully.',
        };
      });

      scope.post('/mpesa/transactionstatus/v1/query', async (request, reply) => {
        if (!fake.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (!fake.isInitiator(body.Initiator, body.SecurityCredential)) return reply.code(400).send(bad('SecurityCredential'));
        const payout = [...fake.payouts.values()].find(
          (entry) =>
            entry.originatorConversationId === body.OriginalConversationID ||
            (entry.receipt !== null && entry.receipt === body.TransactionID),
        );
        const status = payout?.resultCode === 0 ? 'Completed' : payout?.resultCode === null ? 'Pending' : 'Failed';
        return acceptThenSendResult(body, {
          ResultCode: payout ? 0 : 2032,
          ResultDesc: payout ? RESULT_TEXT[0] : 'The transaction receipt number does not exist.',
          TransactionID: payout?.receipt ?? receiptOf(),
          ResultParameters: {
            ResultParameter: [
              { Key: 'ReceiptNo', Value: payout?.receipt ?? '' },
              { Key: 'TransactionStatus', Value: status },
              { Key: 'Amount', Value: payout?.amount ?? 0 },
              { Key: 'OriginatorConversationID', Value: payout?.originatorConversationId ?? '' },
            ],
          },
        });
      });

      scope.post('/mpesa/reversal/v1/request', async (request, reply) => {
        if (!fake.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (!fake.isInitiator(body.Initiator, body.SecurityCredential)) return reply.code(400).send(bad('SecurityCredential'));
        const known = [...fake.prompts.values()].some((prompt) => prompt.receipt === body.TransactionID);
        fake.reversals.push({
          transactionId: String(body.TransactionID ?? ''),
          amount: Number(body.Amount),
          ...(known ? { receipt: receiptOf(), completedAt: new Date() } : {}),
        });
        return acceptThenSendResult(body, {
          ResultCode: known ? 0 : 'R000002',
          ResultDesc: known ? RESULT_TEXT[0] : 'The OriginalTransactionID is invalid.',
          TransactionID: receiptOf(),
        });
      });

      // The org portal's statement export (not a Daraja call): what reconciliation reads.
      scope.get('/org-portal/statement.csv', async (request, reply) => {
        if (!fake.isTokenValid(request.headers.authorization)) return reply.code(404).send(invalidToken);
        const query = request.query as { from?: string; to?: string };
        const from = new Date(query.from ?? '');
        const to = new Date(query.to ?? '');
        if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return reply.code(400).send(bad('from/to'));
        return reply.type('text/csv; charset=utf-8').send(fake.statementCsv(from, to));
      });

      // The "phone" and control API (not Daraja's): what the e2e and the demo drive.
      scope.get('/phone/:msisdn/prompts', async (request) => {
        const { msisdn } = request.params as { msisdn: string };
        return [...fake.prompts.values()]
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
        const answer = await fake.respond(checkoutRequestId, {
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
        const answer = await fake.completePayout(originatorConversationId, body.outcome);
        return reply.code(answer.ok ? 200 : 409).send(answer);
      });
    },
    { prefix: FAKE_DARAJA_PREFIX },
  );
}

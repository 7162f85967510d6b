import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../../platform/database-errors';
import { answerDatabaseUnavailable, answerShutdown, parseVendorJson } from '../../../platform/vendor-call-plumbing';
import { aggregatorWalletOf } from '../../vendor-wallet/index';
import { type EvolutionContract, EvolutionContracts } from './find-evolution-contract';
import {
  EVOLUTION_STATUSES,
  type EvolutionAnswer,
  EvolutionRefusal,
  evolutionBalanceRequest,
  evolutionCheckRequest,
  evolutionPromoRequest,
  evolutionTransactionRequest,
  isEvolutionRefusal,
} from './protocol';
import { isAuthTokenValid } from './secrets';
import {
  answerEvolutionBalance,
  answerEvolutionCheck,
  cancelEvolutionDebit,
  type EvolutionCall,
  payEvolutionPromo,
  placeEvolutionDebit,
  settleEvolutionCredit,
} from './wallet-calls';

/**
 * Where Evolution calls one contract: the operator gives Evolution
 * `https://<site>/aggregators/evolution/<merchant code>/<contract code>` as the One Wallet base
 * URL and the contract's authToken (env var `<secret_env>`); Evolution appends `/check`,
 * `/balance`, `/debit`, `/credit`, `/cancel`, `/promo_payout` and `?authToken=…`.
 */
export const EVOLUTION_WALLET_PREFIX = '/aggregators/evolution/:merchant/:code';

const tags = ['aggregators'];
const MAX_BODY_BYTES = 16 * 1024;
/** Retry-After of a call not taken (shutdown, database down): Evolution resends it with the same ids. */
const RETRY_AFTER_SECONDS = 1;

const params = z.object({ merchant: z.string().min(1).max(32), code: z.string().min(1).max(32) });
const query = z.object({ authToken: z.string().max(256).optional() }).passthrough();
const answerSchema = z.object({
  status: z.enum(EVOLUTION_STATUSES),
  balance: z.number().optional(),
  bonus: z.number().optional(),
  sid: z.string().optional(),
  uuid: z.string(),
});
const responses = { 200: answerSchema, 500: answerSchema, 503: answerSchema };

/** The contract a call authenticated for, kept per request for its handler. */
const authenticated = new WeakMap<FastifyRequest, EvolutionContract>();

function uuidOf(body: unknown): string {
  if (body && typeof body === 'object' && 'uuid' in body && typeof body.uuid === 'string') return body.uuid.slice(0, 128);
  return '';
}

/**
 * Evolution One Wallet, the casino side (docs/vendor-integration.md, "Evolution One Wallet
 * adapter"): six POST calls per contract, each answered with HTTP 200 and a protocol status,
 * `uuid` echoed. Authentication is the contract's `authToken` query parameter, compared in
 * constant time BEFORE the body is parsed (an unauthenticated caller learns nothing, not even
 * whether its body is JSON or which fields are wrong). Money goes through the vendor wallet's core (wallet-calls.ts).
 */
export async function registerEvolutionRoutes(app: FastifyInstance): Promise<void> {
  const contracts = new EvolutionContracts(app.db);
  await app.register(async (api) => {
    // While the node shuts down the call is not taken: Evolution retries TEMPORARY_ERROR with the same ids.
    answerShutdown(app, api, RETRY_AFTER_SECONDS, { status: 'TEMPORARY_ERROR', uuid: '' } satisfies EvolutionAnswer);
    parseVendorJson(api, { maxBytes: MAX_BODY_BYTES, refuse: (message) => new EvolutionRefusal('INVALID_PARAMETER', message) });

    // Authentication first, before the body is even parsed: the contract by the path, the authToken by the query.
    api.addHook('onRequest', async (request) => {
      const { merchant: merchantCode, code } = (request.params ?? {}) as { merchant?: string; code?: string };
      const merchant = merchantCode && /^[A-Za-z0-9_-]{1,32}$/.test(merchantCode) ? await app.merchants.byCode(merchantCode) : null;
      const found =
        merchant && code && /^[A-Za-z0-9_-]{1,32}$/.test(code) ? await contracts.find(merchant.id, code, app.now().getTime()) : null;
      const presented = (request.query as { authToken?: unknown } | undefined)?.authToken;
      const expected = found ? contracts.authTokenOf(found) : null;
      // Unknown merchant or contract, a disabled contract and a wrong token all look the same.
      if (!found?.contract.isEnabled || !isAuthTokenValid(typeof presented === 'string' ? presented : undefined, expected))
        throw new EvolutionRefusal('INVALID_TOKEN_ID');
      authenticated.set(request, found);
    });

    api.setErrorHandler((error, request, reply: FastifyReply) => {
      const uuid = uuidOf(request.body);
      if (isEvolutionRefusal(error)) return reply.status(200).send({ status: error.status, uuid } satisfies EvolutionAnswer);
      if (hasZodFastifySchemaValidationErrors(error))
        return reply.status(200).send({ status: 'INVALID_PARAMETER', uuid } satisfies EvolutionAnswer);
      if (isDatabaseUnavailable(error)) {
        // Committed fully or not at all: Evolution retries the same call.
        return answerDatabaseUnavailable(request, reply, error, {
          what: 'evolution wallet',
          body: { status: 'TEMPORARY_ERROR', uuid } satisfies EvolutionAnswer,
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status < 500) return reply.status(200).send({ status: 'INVALID_PARAMETER', uuid } satisfies EvolutionAnswer);
      request.log.error({ err: error }, 'evolution wallet error');
      // Our failure; nothing was stored (each call is one transaction): Evolution may resend it.
      return reply.status(500).send({ status: 'UNKNOWN_ERROR', uuid } satisfies EvolutionAnswer);
    });

    const wallet = aggregatorWalletOf(app);
    const callOf = (request: FastifyRequest): EvolutionCall => {
      const found = authenticated.get(request);
      if (!found) throw new EvolutionRefusal('INVALID_TOKEN_ID');
      return { wallet, found };
    };
    const routes = api.withTypeProvider<ZodTypeProvider>();
    const common = { tags, params, querystring: query, response: responses };

    routes.post(
      `${EVOLUTION_WALLET_PREFIX}/check`,
      { schema: { ...common, summary: 'Evolution One Wallet: validate sid and userId', body: evolutionCheckRequest } },
      async (request) => answerEvolutionCheck(callOf(request), request.body),
    );
    routes.post(
      `${EVOLUTION_WALLET_PREFIX}/balance`,
      { schema: { ...common, summary: "Evolution One Wallet: the player's balance", body: evolutionBalanceRequest } },
      async (request) => answerEvolutionBalance(callOf(request), request.body),
    );
    routes.post(
      `${EVOLUTION_WALLET_PREFIX}/debit`,
      {
        schema: {
          ...common,
          summary: 'Evolution One Wallet: debit a stake (idempotent by transaction.id)',
          body: evolutionTransactionRequest,
        },
      },
      async (request) => placeEvolutionDebit(callOf(request), request.body),
    );
    routes.post(
      `${EVOLUTION_WALLET_PREFIX}/credit`,
      { schema: { ...common, summary: 'Evolution One Wallet: settle the debits of a refId', body: evolutionTransactionRequest } },
      async (request) => settleEvolutionCredit(callOf(request), request.body),
    );
    routes.post(
      `${EVOLUTION_WALLET_PREFIX}/cancel`,
      { schema: { ...common, summary: 'Evolution One Wallet: cancel a debit', body: evolutionTransactionRequest } },
      async (request) => cancelEvolutionDebit(callOf(request), request.body),
    );
    routes.post(
      `${EVOLUTION_WALLET_PREFIX}/promo_payout`,
      { schema: { ...common, summary: 'Evolution One Wallet: a promotion payout without a debit', body: evolutionPromoRequest } },
      async (request) => payEvolutionPromo(callOf(request), request.body),
    );
  });
}

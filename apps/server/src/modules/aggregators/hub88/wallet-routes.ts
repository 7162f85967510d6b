import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../../platform/database-errors';
import { answerDatabaseUnavailable, parseVendorJson } from '../../../platform/vendor-call-plumbing';
import { findMemberWithMerchant, MemberBalancePushes } from '../../member/index';
import {
  aggregatorWalletOf,
  type BetAttributes,
  type CoreResult,
  coreBalance,
  coreBet,
  coreBetState,
  corePromoCredit,
  coreRollback,
  coreSettle,
  minorOfScaled,
  resolveAggregatorSession,
} from '../../vendor-wallet/index';
import { findHub88Contract, type Hub88Contract } from './find-hub88-contract';
import {
  HUB88_SIGNATURE_HEADER,
  HUB88_UNITS_PER_MINOR,
  HUB88_WALLET_CALLS,
  HUB88_WALLET_PREFIX,
  type Hub88Answer,
  type Hub88BetRequest,
  type Hub88Status,
  hub88AnswerOf,
  hub88BalanceRequest,
  hub88BetRequest,
  hub88InfoRequest,
  hub88RollbackRequest,
  hub88WinRequest,
} from './wallet-protocol';

/*
 * Hub88's Operator Wallet API (wallet-protocol.ts) in front of the aggregator wallet core
 * (modules/vendor-wallet/seamless-core.ts). One plugin: the JSON parser keeps the raw bytes,
 * because Hub88 signs them: RSA-SHA256 over the exact body, base64 in X-Hub88-Signature,
 * verified with the contract's `inbound_key` (Hub88's public key PEM) BEFORE the body is
 * validated, so an unsigned caller learns nothing. Every answer the wallet gave is HTTP 200
 * with a Hub88 status; our failure is HTTP 500 RS_ERROR_UNKNOWN (nothing stored: retry), a
 * database outage HTTP 503 with Retry-After.
 *
 * Attacks: a forged or altered body (signature over the raw bytes); a contract of another
 * merchant using this one's tokens (the core compares the token's contract); a REPLAY of a
 * signed request: Hub88's scheme has no timestamp, so the defence is idempotency: every money
 * call is keyed by transaction_uuid and a replay is answered with the first answer, moving
 * nothing; the member site's gates (maintenance, region) do not apply, as for /vendor-api/v1.
 */

const MAX_BODY_BYTES = 16 * 1024;
const TAGS = ['aggregators-hub88'];
const CONTRACT_CACHE_MS = 5000;

const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const signedContracts = new WeakMap<FastifyRequest, Hub88Contract>();

/** A refusal before the core (signature, partner, syntax): HTTP 200 with its status. */
class Hub88Refusal extends Error {
  constructor(
    readonly status: Hub88Status,
    message?: string,
  ) {
    super(message ?? status);
  }
}

function requestFieldsOf(body: unknown): { user: string; request_uuid: string; currency?: string } {
  const value = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (field: unknown) => (typeof field === 'string' ? field.slice(0, 100) : '');
  return {
    user: text(value.user),
    request_uuid: text(value.request_uuid),
    ...(typeof value.currency === 'string' ? { currency: text(value.currency) } : {}),
  };
}

/** The contract's public keys, parsed once per PEM. */
const keys = new Map<string, KeyObject | null>();
function publicKeyOf(pem: string): KeyObject | null {
  if (!keys.has(pem)) {
    let key: KeyObject | null = null;
    try {
      key = createPublicKey(pem);
    } catch {
      key = null;
    }
    if (keys.size > 100) keys.clear();
    keys.set(pem, key);
  }
  return keys.get(pem) ?? null;
}

/** True when `signature` (base64) is Hub88's RSA-SHA256 signature of exactly `raw` under `pem`. */
export function isHub88SignatureValid(raw: Buffer, signature: string | undefined, pem: string): boolean {
  if (!signature || !/^[A-Za-z0-9+/=\s]{16,2048}$/.test(signature)) return false;
  const key = publicKeyOf(pem);
  if (!key) return false;
  try {
    return verify('sha256', raw, key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Hub88's currency code as ours: through the contract's map (ours -> theirs), identity when the map is empty. */
function ourCurrencyOf(contract: Hub88Contract, theirs: string): string | null {
  const entries = Object.entries(contract.currencyMap);
  if (entries.length === 0) return theirs;
  return entries.find(([, value]) => value === theirs)?.[0] ?? null;
}

function theirCurrencyOf(contract: Hub88Contract, ours: string | null): string | undefined {
  if (ours === null) return undefined;
  return contract.currencyMap[ours] ?? ours;
}

function attributesOf(body: Hub88BetRequest): BetAttributes {
  return {
    isFree: body.is_free === true,
    isSupplierPromo: body.is_supplier_promo === true,
    betType: body.bet ?? null,
    supplierUser: body.supplier_user ?? null,
    meta: body.meta ?? null,
  };
}

/**
 * The core's fields of a bet or a win (amount and currency in our units), or the answer refusing
 * its currency or its amount.
 */
function moneyCallOf(contract: Hub88Contract, body: Hub88BetRequest) {
  const currency = ourCurrencyOf(contract, body.currency);
  if (currency === null) return { refusal: { ...bodyBase(body), status: 'RS_ERROR_WRONG_CURRENCY' } satisfies Hub88Answer };
  const amount = minorOfScaled(BigInt(body.amount), HUB88_UNITS_PER_MINOR);
  if (amount === null) {
    const message = 'amount: not a whole number of minor units';
    return { refusal: { ...bodyBase(body), status: 'RS_ERROR_WRONG_SYNTAX', message } satisfies Hub88Answer };
  }
  return { call: { ...transactionOf(contract, body), amount, currency, attributes: attributesOf(body) } };
}

/** Who a bet, win or rollback is from and which transaction and game it names, as the core takes them. */
function transactionOf(
  contract: Hub88Contract,
  body: { token: string; user: string; request_uuid: string; transaction_uuid: string; game_code: string },
) {
  return {
    contract,
    token: body.token,
    user: body.user,
    requestId: body.request_uuid,
    transactionId: body.transaction_uuid,
    gameCode: body.game_code,
  };
}

/** Registers Hub88's wallet calls for every hub88 contract: POST {prefix}/user/info, /user/balance, /transaction/bet|win|rollback. */
export async function registerHub88WalletRoutes(app: FastifyInstance): Promise<void> {
  const wallet = aggregatorWalletOf(app);
  const contracts = new Map<string, { value: Hub88Contract | null; expires: number }>();
  const pushes = new MemberBalancePushes(app.db, () => (app.hasDecorator('realtime') ? app.realtime : null), app.log);
  app.addHook('onClose', async () => pushes.drain());

  async function findContract(merchantCode: string, code: string): Promise<Hub88Contract | null> {
    const key = `${merchantCode}:${code}`;
    const hit = contracts.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const merchant = /^[A-Za-z0-9_-]{1,32}$/.test(merchantCode) ? await app.merchants.byCode(merchantCode) : null;
    const value = merchant && /^[A-Za-z0-9_-]{1,32}$/.test(code) ? await findHub88Contract(app.db, merchant.id, code) : null;
    if (contracts.size > 1000) contracts.clear();
    contracts.set(key, { value, expires: Date.now() + CONTRACT_CACHE_MS });
    return value;
  }

  await app.register(async (api) => {
    parseVendorJson(api, { maxBytes: MAX_BODY_BYTES, rawBodies, refuse: (message) => new Hub88Refusal('RS_ERROR_WRONG_SYNTAX', message) });

    // Before schema validation: the contract, then the signature over the raw bytes.
    api.addHook('preValidation', async (request) => {
      const params = request.params as { merchant?: string; code?: string };
      const contract = await findContract(params.merchant ?? '', params.code ?? '');
      if (!contract || !contract.isEnabled) throw new Hub88Refusal('RS_ERROR_INVALID_PARTNER');
      const signature = request.headers[HUB88_SIGNATURE_HEADER];
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      if (!isHub88SignatureValid(raw, typeof signature === 'string' ? signature : undefined, contract.inboundKey)) {
        throw new Hub88Refusal('RS_ERROR_INVALID_SIGNATURE');
      }
      signedContracts.set(request, contract);
    });

    api.addHook('preSerialization', async (request, _reply, payload) => {
      const answer = payload as Partial<Hub88Answer> | null;
      const url = request.routeOptions.url ?? '';
      if (answer?.status === 'RS_OK' && /^\d{1,15}$/.test(answer.user ?? '') && url.includes('/transaction/')) {
        pushes.queue(Number(answer.user));
      }
      return payload;
    });

    api.setErrorHandler((error, request, reply: FastifyReply) => {
      const fields = requestFieldsOf(request.body);
      const base = { user: fields.user, request_uuid: fields.request_uuid, ...(fields.currency ? { currency: fields.currency } : {}) };
      if (error instanceof Hub88Refusal) {
        return reply.status(200).send({ ...base, status: error.status, message: error.message } satisfies Hub88Answer);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        // A field of the wrong type (a decimal amount, a number for a string) is WRONG_TYPES; a missing one WRONG_SYNTAX.
        const isType = error.validation.some(
          (issue) => /expected|type/i.test(issue.message ?? '') && !/required|undefined/i.test(issue.message ?? ''),
        );
        const names = error.validation.map((issue) => issue.instancePath.replace(/^\//, '')).join(', ');
        return reply.status(200).send({
          ...base,
          status: isType ? 'RS_ERROR_WRONG_TYPES' : 'RS_ERROR_WRONG_SYNTAX',
          message: `invalid: ${names}`,
        } satisfies Hub88Answer);
      }
      if (isDatabaseUnavailable(error)) {
        return answerDatabaseUnavailable(request, reply, error, {
          what: 'hub88 wallet',
          body: { ...base, status: 'RS_ERROR_UNKNOWN' } satisfies Hub88Answer,
        });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'hub88 wallet error');
      const answer: Hub88Answer = { ...base, status: status >= 500 ? 'RS_ERROR_UNKNOWN' : 'RS_ERROR_WRONG_SYNTAX' };
      return reply.status(status >= 500 ? 500 : 200).send(answer);
    });

    const routes = api.withTypeProvider<ZodTypeProvider>();
    const contractOf = (request: FastifyRequest): Hub88Contract => {
      const contract = signedContracts.get(request);
      if (!contract) throw new Hub88Refusal('RS_ERROR_INVALID_SIGNATURE');
      return contract;
    };
    const answer = (contract: Hub88Contract, result: CoreResult, body: { user: string; request_uuid: string; currency?: string }) =>
      hub88AnswerOf(result, body, theirCurrencyOf(contract, result.currency) ?? body.currency);

    // user/info names no token: the member of this contract's merchant, by our id.
    routes.post(`${HUB88_WALLET_PREFIX}${HUB88_WALLET_CALLS.info}`, { schema: { tags: TAGS, body: hub88InfoRequest } }, async (request) => {
      const contract = contractOf(request);
      const body = request.body;
      const memberId = /^\d{1,15}$/.test(body.user) ? Number(body.user) : 0;
      const found = memberId > 0 ? await findMemberWithMerchant(app.db, { memberId }) : undefined;
      // Only this contract's merchant's members exist for it.
      const member = found && found.merchant.id === contract.merchantId ? found.member : undefined;
      if (!member)
        return {
          user: body.user,
          status: 'RS_ERROR_UNKNOWN',
          request_uuid: body.request_uuid,
          message: 'unknown user',
        } satisfies Hub88Answer;
      const status: Hub88Status = member.status === 'ACTIVE' ? 'RS_OK' : 'RS_ERROR_USER_DISABLED';
      return { user: body.user, status, request_uuid: body.request_uuid } satisfies Hub88Answer;
    });

    routes.post(
      `${HUB88_WALLET_PREFIX}${HUB88_WALLET_CALLS.balance}`,
      { schema: { tags: TAGS, body: hub88BalanceRequest } },
      async (request) => {
        const contract = contractOf(request);
        const body = request.body;
        return answer(contract, await coreBalance(wallet, { contract, token: body.token, user: body.user }), body);
      },
    );

    routes.post(`${HUB88_WALLET_PREFIX}${HUB88_WALLET_CALLS.bet}`, { schema: { tags: TAGS, body: hub88BetRequest } }, async (request) => {
      const contract = contractOf(request);
      const body = request.body;
      const money = moneyCallOf(contract, body);
      if ('refusal' in money) return money.refusal;
      const result = await coreBet(wallet, {
        ...money.call,
        // A bet without a round is its own round.
        roundId: body.round ?? body.transaction_uuid,
        ...(body.round_closed === true ? { isRoundClosed: true } : {}),
      });
      return answer(contract, result, body);
    });

    routes.post(`${HUB88_WALLET_PREFIX}${HUB88_WALLET_CALLS.win}`, { schema: { tags: TAGS, body: hub88WinRequest } }, async (request) => {
      const contract = contractOf(request);
      const body = request.body;
      const money = moneyCallOf(contract, body);
      if ('refusal' in money) return money.refusal;
      const base = money.call;
      // A supplier's promotion (prize drop) may pay without a bet of ours: a credit without a bet.
      // Any other win must name a bet (the core refuses one that names nothing).
      if (body.is_supplier_promo === true) {
        const session = await resolveAggregatorSession(wallet, { contract, token: body.token, user: body.user });
        if ('status' in session) return answer(contract, session, body);
        const state = await coreBetState(wallet, { contract, session, transactionId: body.reference_transaction_uuid });
        if (state === 'does_not_exist')
          return answer(contract, await corePromoCredit(wallet, { ...base, roundId: body.round ?? null }), body);
      }
      const result = await coreSettle(wallet, {
        ...base,
        // No round: the referenced bet's (a bet without a round is its own round).
        roundId: body.round ?? null,
        referenceTransactionId: body.reference_transaction_uuid,
        // Hub88 closes the round with round_closed; a win without it settles the round.
        isRoundClosed: body.round_closed !== false,
      });
      return answer(contract, result, body);
    });

    routes.post(
      `${HUB88_WALLET_PREFIX}${HUB88_WALLET_CALLS.rollback}`,
      { schema: { tags: TAGS, body: hub88RollbackRequest } },
      async (request) => {
        const contract = contractOf(request);
        const body = request.body;
        const result = await coreRollback(wallet, {
          ...transactionOf(contract, body),
          referenceTransactionId: body.reference_transaction_uuid,
          roundId: body.round ?? null,
        });
        return answer(contract, result, body);
      },
    );
  });
}

function bodyBase(body: { user: string; request_uuid: string; currency: string }): Omit<Hub88Answer, 'status'> {
  return { user: body.user, request_uuid: body.request_uuid, currency: body.currency };
}

import {
  VENDOR_API_PATHS,
  VENDOR_HEADERS,
  type VendorResponse,
  vendorAuthenticateRequest,
  vendorBalanceRequest,
  vendorBetRequest,
  vendorResponse,
  vendorRollbackRequest,
  vendorWinRequest,
} from '@kismat/contracts/vendor-wallet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../platform/database-errors';
import { answerDatabaseUnavailable, answerShutdown, parseVendorJson } from '../../platform/vendor-call-plumbing';
import { trackCatalogueCache } from '../catalogue/index';
import { authenticateVendorPlayer } from './authenticate-vendor-player';
import { findCallSession } from './find-vendor-session';
import { prepareVendorBet, type VendorCall } from './place-vendor-bet';
import { registerVendorBalancePushes } from './push-vendor-balances';
import { readPlayerBalanceShared } from './read-player-balance';
import { rollbackVendorTransaction } from './rollback-vendor-transaction';
import { prepareVendorWin } from './settle-vendor-win';
import { registerTransferWalletRoutes } from './transfer-routes';
import { VendorBatcher } from './vendor-batch';
import { VendorDirectory, type VendorIntegration } from './vendor-directory';
import { isVendorError, VendorError } from './vendor-error';
import { checkVendorSignature, signVendorPayload } from './vendor-signature';

declare module 'fastify' {
  interface FastifyInstance {
    /** Vendors and their secrets (the demo vendor signs with them too). */
    vendorDirectory: VendorDirectory;
    /** The group commit of bets and wins (vendor-batch.ts). */
    vendorBatcher: VendorBatcher;
  }
}

const tags = ['vendor-api'];
const MAX_BODY_BYTES = 16 * 1024;
/** What a vendor is told to wait during a shutdown: another node (or this one restarted) answers. */
const SHUTDOWN_RETRY_AFTER_SECONDS = 1;

/** What the signature check found, kept per request for the handler. */
const signedVendors = new WeakMap<FastifyRequest, VendorIntegration>();
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

function requestUuidOf(body: unknown): string {
  if (body && typeof body === 'object' && 'requestUuid' in body && typeof body.requestUuid === 'string')
    return body.requestUuid.slice(0, 100);
  return '';
}

/**
 * The seamless wallet API for game vendors (docs/vendor-integration.md). It lives in its own
 * plugin: the JSON parser here keeps the raw bytes for the HMAC check, answers are always the
 * vendor shape with HTTP 200, and the member site's gate (maintenance, region) does not apply:
 * vendors must settle bets placed before a maintenance began.
 */
export async function registerVendorWalletRoutes(app: FastifyInstance): Promise<void> {
  // Emptied with the catalogue caches, so a rotated secret or a vendor switch applies at once on this node.
  const directory = trackCatalogueCache(app.db, new VendorDirectory(app.db));
  app.decorate('vendorDirectory', directory);
  // The next batch gathers while one commits (group commit); on PostgreSQL up to
  // VENDOR_BATCH_IN_FLIGHT member-disjoint batches commit side by side, each on its own
  // connection. PGlite's single connection is never asked for a second transaction by the batcher.
  const maxInFlight = app.database.kind === 'postgres' ? app.config.VENDOR_BATCH_IN_FLIGHT : 1;
  const batcher = new VendorBatcher(app.db, { maxInFlight });
  app.decorate('vendorBatcher', batcher);
  app.addHook('onClose', async () => batcher.drain());
  await app.register(registerTransferWalletRoutes);
  await app.register(async (api) => {
    // During a shutdown the app's own hook answers every other route in the member envelope;
    // a vendor gets its own shape and a retryable status (the call was not taken: retry it with
    // the same ids), before anything is parsed, checked or read.
    answerShutdown(app, api, SHUTDOWN_RETRY_AFTER_SECONDS, {
      status: 'RS_ERROR_UNKNOWN',
      requestUuid: '',
      message: 'shutting down: retry with the same ids',
    } satisfies VendorResponse);
    parseVendorJson(api, {
      maxBytes: MAX_BODY_BYTES,
      rawBodies,
      refuse: (message) => new VendorError('RS_ERROR_WRONG_SYNTAX', { message }),
    });

    registerVendorBalancePushes(app, api);

    // Every answer is signed the same way, so a vendor can tell our replies from a man in the middle.
    api.addHook('onSend', async (request, reply, payload) => {
      const vendor = signedVendors.get(request);
      if (vendor && typeof payload === 'string') {
        const timestamp = String(app.now().getTime());
        reply
          .header(VENDOR_HEADERS.timestamp, timestamp)
          .header(VENDOR_HEADERS.signature, signVendorPayload(vendor.apiSecret, timestamp, payload));
      }
      return payload;
    });

    // Before schema validation: an unsigned caller learns nothing, not even which fields are wrong.
    api.addHook('preValidation', async (request) => {
      const code = request.headers[VENDOR_HEADERS.vendor];
      const vendor = typeof code === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(code) ? await directory.find(code) : null;
      if (!vendor || vendor.isHouse) throw new VendorError('RS_ERROR_INVALID_PARTNER');
      const check = checkVendorSignature({
        secret: vendor.apiSecret,
        timestamp: headerOf(request, VENDOR_HEADERS.timestamp),
        signature: headerOf(request, VENDOR_HEADERS.signature),
        rawBody: rawBodies.get(request) ?? Buffer.alloc(0),
        now: app.now(),
      });
      if (check === 'INVALID') throw new VendorError('RS_ERROR_INVALID_SIGNATURE');
      if (check === 'STALE') throw new VendorError('RS_ERROR_REQUEST_EXPIRED');
      signedVendors.set(request, vendor);
    });

    api.setErrorHandler((error, request, reply: FastifyReply) => {
      const requestUuid = requestUuidOf(request.body);
      if (isVendorError(error)) {
        return reply
          .status(200)
          .send({ status: error.status, requestUuid, message: error.message, ...error.extra } satisfies VendorResponse);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.map((issue) => issue.instancePath.replace(/^\//, '')).join(', ');
        return reply
          .status(200)
          .send({ status: 'RS_ERROR_WRONG_SYNTAX', requestUuid, message: `invalid: ${fields}` } satisfies VendorResponse);
      }
      if (isDatabaseUnavailable(error)) {
        // The vendor retries the same ids after Retry-After (issue 11, finding 2).
        return answerDatabaseUnavailable(request, reply, error, {
          what: 'vendor api',
          body: { status: 'RS_ERROR_UNKNOWN', requestUuid } satisfies VendorResponse,
        });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'vendor api error');
      const answer: VendorResponse = {
        status: status === 413 || status === 415 || status === 400 ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN',
        requestUuid,
      };
      // A 5xx tells the vendor to retry (the call left nothing behind); a 4xx that it never will work.
      return reply.status(status >= 500 ? 500 : 200).send(answer);
    });

    const routes = api.withTypeProvider<ZodTypeProvider>();
    const callOf = (request: FastifyRequest): VendorCall => {
      const vendor = signedVendors.get(request);
      if (!vendor) throw new VendorError('RS_ERROR_INVALID_SIGNATURE');
      return { db: app.db, vendor, directory, now: app.now() };
    };
    const schemaOf = (summary: string, body: unknown) => ({
      tags,
      summary,
      body,
      response: { 200: vendorResponse, 500: vendorResponse, 503: vendorResponse },
    });

    routes.post(
      VENDOR_API_PATHS.authenticate,
      {
        schema: {
          ...schemaOf('Exchange a launch token (single use) for a player session and balance', vendorAuthenticateRequest),
          body: vendorAuthenticateRequest,
        },
      },
      async (request) => {
        const call = callOf(request);
        return authenticateVendorPlayer(app.db, {
          vendorId: call.vendor.vendorId,
          token: request.body.token,
          requestUuid: request.body.requestUuid,
          now: call.now,
        });
      },
    );

    routes.post(
      VENDOR_API_PATHS.balance,
      { schema: { ...schemaOf("The player's balance", vendorBalanceRequest), body: vendorBalanceRequest } },
      async (request) => {
        const session = await findCallSession(callOf(request), request.body, false);
        return {
          status: 'RS_OK' as const,
          requestUuid: request.body.requestUuid,
          user: request.body.user,
          currency: session.currency,
          balance: await readPlayerBalanceShared(app.db, session.cashAccountId),
        };
      },
    );

    routes.post(
      VENDOR_API_PATHS.bet,
      { schema: { ...schemaOf('Debit a stake (idempotent by transactionUuid)', vendorBetRequest), body: vendorBetRequest } },
      async (request) => batcher.submit(await prepareVendorBet(callOf(request), request.body)),
    );

    routes.post(
      VENDOR_API_PATHS.win,
      {
        schema: {
          ...schemaOf('Credit a win and close the round (idempotent by transactionUuid)', vendorWinRequest),
          body: vendorWinRequest,
        },
      },
      async (request) => batcher.submit(await prepareVendorWin(callOf(request), request.body)),
    );

    routes.post(
      VENDOR_API_PATHS.rollback,
      {
        schema: {
          ...schemaOf('Undo a bet or win (an unknown one is remembered and refused later)', vendorRollbackRequest),
          body: vendorRollbackRequest,
        },
      },
      async (request) => rollbackVendorTransaction(callOf(request), request.body),
    );
  });
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import { parseLanguage } from '@kismat/contracts/languages';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { listFrameOrigins } from './modules/game-launch/index';
import { registerModules } from './modules/index';
import { FirstHomeBanners } from './modules/messages/index';
import { registerApiDocuments } from './platform/api-documents';
import { registerAuth } from './platform/auth';
import { registerClusterNotices } from './platform/cluster-notices';
import { type Database, MIGRATIONS_DIR } from './platform/db';
import { failure } from './platform/envelope';
import { registerErrorHandler } from './platform/error-handler';
import { LANGUAGE_COOKIE, registerMerchantDefaultLanguage, resolveLanguage } from './platform/language';
import { serializeRequestForLog } from './platform/log-redaction';
import { registerMerchantResolution } from './platform/merchant';
import { registerMetrics } from './platform/metrics';
import { createMessageProviders } from './platform/outbox/create-message-providers';
import type { MessageProviders } from './platform/outbox/message-providers';
import { registerPayloadEncryption } from './platform/payload-encryption';
import { createRateLimitStore } from './platform/rate-limit-store';
import { registerReadiness } from './platform/readiness';
import { validatorRefusingControlCharacters } from './platform/refuse-control-characters';
import { registerSecurityHeaders } from './platform/security-headers';
import './platform/fastify-types';
import { DEFAULT_ADMIN_DIST, DEFAULT_WEB_DIST, registerWebStatic, sendSpa } from './platform/web-static';

export interface AppDeps {
  config: Config;
  database: Database;
  now?: () => Date;
  /** Serve the built web site (default: when apps/web/dist exists and not under test). */
  serveWeb?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** SMS and e-mail delivery; default: from config (the database outbox unless configured). */
  messages?: MessageProviders;
}

export type RegisteredRoute = { method: string; url: string; isHidden: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** The whole application as one Fastify instance; main.ts boots it, tests build the same. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      serializers: { req: serializeRequestForLog },
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Fastify's own 503 while closing is `{"error":"Service Unavailable"}`, a shape no client of
    // ours reads (a vendor would not know to retry): the onRequest hook below answers instead.
    return503OnClosing: false,
  });

  app.setValidatorCompiler(validatorRefusingControlCharacters);
  app.setSerializerCompiler(serializerCompiler);

  // Every route as registered, so a test can prove the OpenAPI document lists them all.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) registeredRoutes.push({ method, url: route.url, isHidden: route.schema?.hide === true });
  });

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('now', deps.now ?? (() => new Date()));
  app.decorate('isClosing', false);
  app.decorateRequest('language', 'BN');

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.language = resolveLanguage(request);
    if (app.isClosing) {
      reply.header('connection', 'close');
      // A route with its own answer shape (the vendor API) answers it in that shape.
      if (request.routeOptions.config.answersShutdown) return;
      return reply.status(503).send(failure(request, 'SHUTTING_DOWN'));
    }
  });
  app.addHook('onClose', async () => {
    app.isClosing = true;
  });

  registerErrorHandler(app);
  // Cluster (issue 20): per-route metrics, caches emptied on every node, shared rate-limit counters.
  registerMetrics(app);
  registerClusterNotices(app);
  const rateLimitStore = createRateLimitStore(config.REDIS_URL, app.log);
  app.addHook('onClose', async () => rateLimitStore.close());
  await registerSecurityHeaders(app, {
    webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    adminDistDir: DEFAULT_ADMIN_DIST,
    listFrameOrigins: () => listFrameOrigins(deps.database.db),
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Per-route limits (login, captcha, SMS) opt in through route config.
  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStore.options,
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      ...failure(request, 'RATE_LIMITED', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
    }),
  });
  // Public document at /docs; the operator API's only to operators (/admin-api/docs/json).
  await registerApiDocuments(app);

  app.get(
    '/healthz',
    { schema: { hide: false, tags: ['system'], summary: 'Liveness and database reachability' } },
    async (_request, reply) => {
      const started = Date.now();
      try {
        await deps.database.db.execute('select 1');
        return { status: 'ok', database: deps.database.kind, latencyMs: Date.now() - started };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: deps.database.kind, latencyMs: Date.now() - started });
      }
    },
  );

  registerReadiness(app, () => expectedMigrations());

  registerMerchantResolution(app);
  registerMerchantDefaultLanguage(app);
  registerAuth(app);
  registerPayloadEncryption(app);
  app.decorate('messages', deps.messages ?? createMessageProviders(config, deps.database.db, app.log));
  await registerModules(app);

  // The home page's first banner for a preload header: the visitor's language as the web picks it
  // before any call (the choice it stored, which the lang cookie mirrors, else the platform default).
  const homeBanners = new FirstHomeBanners(deps.database.db, () => app.now());
  const homeImage = async (request: FastifyRequest) =>
    homeBanners.find((await app.merchants.resolve(request)).id, parseLanguage(request.cookies[LANGUAGE_COOKIE]));
  const servesWeb =
    (deps.serveWeb ?? config.NODE_ENV !== 'test') &&
    (await registerWebStatic(app, config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST, DEFAULT_ADMIN_DIST, homeImage));

  app.setNotFoundHandler((request, reply) => {
    if (servesWeb && sendSpa(request, reply)) return;
    return reply.status(404).send(failure(request, 'ROUTE_NOT_FOUND'));
  });

  return app;
}

let expectedMigrationCount: Promise<number> | null = null;
/** The migrations this build carries (the journal's entries), read once. */
function expectedMigrations(): Promise<number> {
  expectedMigrationCount ??= readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { entries: unknown[] }).entries.length,
  );
  return expectedMigrationCount;
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from './database-errors';

/*
 * Plumbing shared by the APIs a game vendor calls into our wallet (the vendor wallet's
 * /vendor-api/v1, Evolution One Wallet, Hub88's Operator Wallet). Each answers in its vendor's
 * own shape, never in the member envelope; what they share is when and how they answer.
 */

/**
 * During a shutdown the call is not taken: HTTP 503 with Retry-After and the vendor's own
 * `answer`, before anything is parsed, checked or read (the vendor retries with the same ids).
 * Marks the plugin's routes `answersShutdown`, so the app's own shutdown answer (app.ts) leaves
 * them alone. Call it first in the plugin, before its routes and other hooks.
 */
export function answerShutdown(app: FastifyInstance, api: FastifyInstance, retryAfterSeconds: number, answer: unknown): void {
  api.addHook('onRoute', (route) => {
    route.config = { ...route.config, answersShutdown: true };
  });
  api.addHook('onRequest', async (_request, reply) => {
    if (!app.isClosing) return;
    return reply.status(503).header('retry-after', String(retryAfterSeconds)).send(answer);
  });
}

/**
 * The plugin's JSON bodies (up to `maxBytes`) are parsed here, so a body that is not JSON is
 * refused with the vendor's own error (`refuse('body is not JSON')`); `rawBodies` keeps each
 * request's exact bytes where the vendor signs them.
 */
export function parseVendorJson(
  api: FastifyInstance,
  options: { maxBytes: number; refuse: (message: string) => Error; rawBodies?: WeakMap<FastifyRequest, Buffer> },
): void {
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: options.maxBytes }, (request, body, done) => {
    const raw = body as Buffer;
    options.rawBodies?.set(request, raw);
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      done(options.refuse('body is not JSON'), undefined);
    }
  });
}

/**
 * The database dropped the call's connection or is down: the call committed fully or left
 * nothing, so the vendor is told to retry the same ids after Retry-After (HTTP 503, its own
 * `answer`); logged as a warning under `what`.
 */
export function answerDatabaseUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  answer: { what: string; body: unknown; retryAfterSeconds?: number },
): FastifyReply {
  request.log.warn({ err: error }, `${answer.what}: database unavailable`);
  const retryAfter = answer.retryAfterSeconds ?? DATABASE_RETRY_AFTER_SECONDS;
  return reply.status(503).header('retry-after', String(retryAfter)).send(answer.body);
}

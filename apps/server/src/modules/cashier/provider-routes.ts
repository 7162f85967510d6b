import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOriginOf } from '../../platform/public-origin';
import { handleProviderCallback } from './handle-provider-callback';

const CALLBACK_BODY_LIMIT = 32 * 1024;

/**
 * `/payment-callback/:provider/:kind` (kind: deposit | payout), GET and POST: where payment
 * providers call us back, and where bKash sends the member's browser back after paying. Outside
 * /wps (the site gate must not refuse a provider during maintenance) and without a session:
 * trust comes only from the provider adapter's verification of the exact bytes received.
 */
export async function providerCallbackRoutes(app: FastifyInstance): Promise<void> {
  // The exact bytes, whatever the content type: signatures are over what was sent, not a re-encoding.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const handler = async (request: FastifyRequest<{ Params: { provider: string; kind: string } }>, reply: FastifyReply) => {
    const { provider, kind } = request.params;
    if (kind !== 'deposit' && kind !== 'payout') return reply.code(404).send({ success: false, code: 'NOT_FOUND' });
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string') query[name] = value;
    }
    const answer = await handleProviderCallback(
      { db: app.db, realtime: app.realtime, now: app.now(), publicOrigin: app.config.PUBLIC_ORIGIN, origin: publicOriginOf(request) },
      {
        provider,
        request: {
          method: request.method === 'GET' ? 'GET' : 'POST',
          kind,
          rawBody: typeof request.body === 'string' ? request.body : '',
          query,
          headers: request.headers,
        },
      },
    );
    if (answer.kind === 'redirect') return reply.redirect(answer.url, 303);
    return reply.code(answer.status).send(answer.body);
  };
  app.get(
    '/payment-callback/:provider/:kind',
    { schema: { tags: ['cashier'], summary: 'Payment provider callback or return (verified by the provider adapter)' } },
    handler,
  );
  app.post(
    '/payment-callback/:provider/:kind',
    { schema: { tags: ['cashier'], summary: 'Payment provider callback or return (verified by the provider adapter)' } },
    handler,
  );
}

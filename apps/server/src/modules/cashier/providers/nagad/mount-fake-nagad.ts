import type { FastifyInstance } from 'fastify';
import { isPaymentSandboxOn } from '../../../../config';
import { FakeNagad, generateRsaKeyPair } from './fake-nagad';
import { FAKE_NAGAD_PREFIX, NAGAD_DEMO_ENV, NAGAD_DEMO_MERCHANT } from './seed-nagad-channel';

/**
 * A demo with the payment sandbox serves the LOCAL FAKE Nagad at /fake-nagad on this server: its
 * API (the channel the demo seeds calls it over HTTP like Nagad) and its checkout page, where the
 * member presses Pay or Cancel and is sent back to /payment-callback/nagad/deposit. Key pairs (the
 * fake's and the merchant's) are made at start and put in the environment variables the channel
 * names. Outside a demo none of this exists.
 */
export function mountFakeNagad(app: FastifyInstance, env: Record<string, string | undefined> = process.env): FakeNagad {
  const fake = new FakeNagad(`http://fake-nagad.local${FAKE_NAGAD_PREFIX}`, FAKE_NAGAD_PREFIX);
  const merchant = generateRsaKeyPair();
  fake.registerMerchant(NAGAD_DEMO_MERCHANT.merchantId, merchant.publicKeyPem, NAGAD_DEMO_MERCHANT.merchantNumber);
  env[NAGAD_DEMO_ENV.merchantPrivateKeyEnv] = merchant.privateKeyPem;
  env[NAGAD_DEMO_ENV.nagadPublicKeyEnv] = fake.publicKeyPem;

  app.route({
    method: ['GET', 'POST'],
    url: `${FAKE_NAGAD_PREFIX}/api/dfs/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? (value[0] ?? '') : (value ?? '')]),
      );
      const body = request.body === undefined ? '' : JSON.stringify(request.body);
      const answer = fake.handle(request.method, `http://fake-nagad.local${request.url}`, headers, body);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    },
  });
  app.get(`${FAKE_NAGAD_PREFIX}/fake-checkout/pay`, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as { payment_ref_id?: string; outcome?: string };
    const outcome = query.outcome === 'Success' ? 'Success' : 'Aborted';
    try {
      return reply.redirect(fake.pay(query.payment_ref_id ?? '', outcome), 303);
    } catch {
      return reply.code(404).type('text/plain').send('FAKE Nagad: no such checkout');
    }
  });
  app.get(`${FAKE_NAGAD_PREFIX}/fake-checkout/:ref`, { schema: { hide: true } }, async (request, reply) => {
    const page = fake.checkoutPage((request.params as { ref: string }).ref);
    if (!page) return reply.code(404).type('text/plain').send('FAKE Nagad: no such checkout');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
      .send(page);
  });
  return fake;
}

/** Registers the fake only in a demo with the payment sandbox, like the sandbox gateway. */
export async function registerFakeNagadRoutes(app: FastifyInstance): Promise<void> {
  if (!isPaymentSandboxOn(app.config)) return;
  mountFakeNagad(app);
}

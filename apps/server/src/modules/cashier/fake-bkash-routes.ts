import type { FastifyInstance } from 'fastify';
import { isPaymentSandboxOn } from '../../config';
import { mountFakeBkash } from './providers/bkash/mount-fake-bkash';

/**
 * The FAKE bKash at /fake-bkash, only in a demo with the payment sandbox, like the sandbox
 * gateway: outside a demo it does not exist (providers/bkash/fake-bkash.ts).
 */
export async function registerFakeBkashRoutes(app: FastifyInstance): Promise<void> {
  if (!isPaymentSandboxOn(app.config)) return;
  await mountFakeBkash(app);
}

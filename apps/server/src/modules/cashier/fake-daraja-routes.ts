import type { FastifyInstance } from 'fastify';
import { isPaymentSandboxOn } from '../../config';
import { mountFakeDaraja } from './providers/mpesa/mount-fake-daraja';

/**
 * The FAKE Daraja (M-Pesa) at /fake-daraja, only in a demo with the payment sandbox, like the
 * sandbox gateway: outside a demo it does not exist (providers/mpesa/fake-daraja.ts).
 */
export async function registerFakeDarajaRoutes(app: FastifyInstance): Promise<void> {
  if (!isPaymentSandboxOn(app.config)) return;
  mountFakeDaraja(app);
}

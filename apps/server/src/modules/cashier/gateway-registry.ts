import type { PaymentGateway } from './payment-gateway';
import { sandboxGateway } from './sandbox-gateway';

/**
 * Real providers register here (one object implementing PaymentGateway each, keyed by the
 * `provider` a deposit channel names; docs in README "Payment gateways"). The sandbox is not in
 * this list on purpose: it is answered only when the demo asked for it.
 */
const GATEWAYS: Record<string, PaymentGateway> = {};

export function gatewayOf(provider: string | null, options: { isSandboxOn: boolean }): PaymentGateway | null {
  if (!provider) return null;
  // The sandbox pays whatever a member asks: outside a demo it does not exist, so a channel row
  // left by an earlier demo run (or re-enabled by hand) cannot start or complete a payment.
  if (provider === sandboxGateway.provider) return options.isSandboxOn ? sandboxGateway : null;
  return GATEWAYS[provider] ?? null;
}

import type { PaymentGateway } from './payment-gateway';
import { sandboxGateway } from './sandbox-gateway';

// Real providers register here next to the sandbox; a channel names its provider.
const GATEWAYS: Record<string, PaymentGateway> = { sandbox: sandboxGateway };

export function gatewayOf(provider: string | null): PaymentGateway | null {
  return provider ? (GATEWAYS[provider] ?? null) : null;
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER, type SandboxCallbackBody, sandboxCallbackBody } from '@kismat/contracts/cashier';
import { tryParseAmount } from '@kismat/contracts/wallet';
import { type DepositChannelRow, sandboxPayUrl } from './deposit-queries';
import type { GatewayEvent, PaymentGateway } from './payment-gateway';

export function signSandboxBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function secretOf(channel: DepositChannelRow): string {
  const secret = channel.providerSettings.secret;
  if (!secret) throw new Error(`sandbox channel ${channel.id} has no signing secret`);
  return secret;
}

/**
 * The built-in SANDBOX gateway: no money moves anywhere. It exists so development, tests and
 * demos exercise the real callback path (signature, replays, failures) without a provider.
 */
export const sandboxGateway: PaymentGateway & {
  buildCallback(channel: DepositChannelRow, event: SandboxCallbackBody): { rawBody: string; signature: string };
} = {
  provider: 'sandbox',

  startPayment(deposit) {
    return { gatewayTransactionId: `sbx_${deposit.id}_${randomBytes(6).toString('hex')}`, payUrl: sandboxPayUrl(deposit.id) };
  },

  verifyCallback(channel, rawBody, headers): GatewayEvent | null {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!given || !/^[0-9a-f]{64}$/.test(given)) return null;
    const expected = Buffer.from(signSandboxBody(secretOf(channel), rawBody), 'hex');
    // Constant time: the signature must not be guessable byte by byte from response timing.
    if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const body = sandboxCallbackBody.safeParse(parsed);
    if (!body.success) return null;
    const amount = tryParseAmount(body.data.amount);
    if (!amount.ok) return null;
    return { ...body.data, amount: amount.value };
  },

  buildCallback(channel, event) {
    const rawBody = JSON.stringify(event);
    return { rawBody, signature: signSandboxBody(secretOf(channel), rawBody) };
  },
};

import type { PaymentProvider } from './payment-provider';
import { bkashProvider } from './providers/bkash/index';
import { mpesaProvider } from './providers/mpesa/index';
import { nagadProvider } from './providers/nagad/index';

/**
 * The real payment rails, keyed by the `provider` a deposit channel names. Adding a provider is
 * its folder (providers/<name>/, exporting one PaymentProvider) plus its import and one entry
 * here. The demo's SANDBOX gateway is not a provider: it lives in gateway-registry.ts and exists
 * only in a demo.
 */
const PROVIDERS: readonly PaymentProvider[] = [bkashProvider, mpesaProvider, nagadProvider];

const BY_NAME = new Map(PROVIDERS.map((provider) => [provider.provider, provider]));

export function providerOf(name: string | null | undefined): PaymentProvider | null {
  return name ? (BY_NAME.get(name) ?? null) : null;
}

export function listProviders(): readonly PaymentProvider[] {
  return PROVIDERS;
}

import { and, eq } from 'drizzle-orm';
import { depositChannels, depositRequests } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { configuredPublicOrigin } from '../../platform/public-origin';
import type { DepositChannelRow, DepositRow } from './deposit-queries';
import type { PaymentProvider, ProviderChannelConfig } from './payment-provider';
import { resolveProviderConfig } from './provider-config';

/** The deposit a provider's payment id names, on one of that provider's channels; null when there is none. */
export async function findProviderDeposit(
  db: DbOrTx,
  provider: string,
  providerPaymentId: string,
): Promise<{ deposit: DepositRow; channel: DepositChannelRow } | null> {
  const [row] = await db
    .select({ deposit: depositRequests, channel: depositChannels })
    .from(depositRequests)
    .innerJoin(depositChannels, eq(depositChannels.id, depositRequests.channelId))
    .where(and(eq(depositChannels.provider, provider), eq(depositRequests.gatewayTransactionId, providerPaymentId)))
    .limit(1);
  return row ?? null;
}

/**
 * A channel's provider configuration for work outside a member's request (callbacks, sweeps):
 * the site origin is the merchant's configured one, else PUBLIC_ORIGIN for the default merchant,
 * else its main domain. Null when the channel is misconfigured (missing env, bad setting).
 */
export async function providerConfigOf(
  db: DbOrTx,
  provider: PaymentProvider,
  channel: DepositChannelRow,
  options: { publicOrigin?: string | undefined; origin?: string | undefined; env?: Readonly<Record<string, string | undefined>> } = {},
): Promise<ProviderChannelConfig | null> {
  const [merchant] = await db.select().from(merchants).where(eq(merchants.id, channel.merchantId));
  if (!merchant) return null;
  const origin = options.origin ?? configuredPublicOrigin(merchant, options.publicOrigin) ?? `https://${merchant.mainDomain}`;
  const resolved = resolveProviderConfig(provider, channel, { currency: merchant.currency, origin }, options.env);
  return resolved.ok ? resolved.config : null;
}

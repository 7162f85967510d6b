import type { Language } from '@kismat/contracts/languages';
import type { PaymentProviderValue } from '@kismat/contracts/payment-admin';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { depositChannels } from '../../db/schema/cashier';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { type DepositChannelRow, localised } from './deposit-queries';
import { resolveProviderConfig } from './provider-config';
import { listProviders, providerOf } from './provider-registry';

/**
 * A provider channel as operators see it: provider, mode, host, and for each credential the NAME
 * of the environment variable and whether this server has it set, never its value (the values
 * are keys and passwords; an operator page, its logs and its screenshots must not carry them).
 */
export function presentPaymentProvider(
  channel: DepositChannelRow,
  merchantCode: string,
  language: Language,
  env: Readonly<Record<string, string | undefined>> = process.env,
): PaymentProviderValue | null {
  const provider = providerOf(channel.provider);
  if (!provider) return null;
  const settings = channel.providerSettings;
  const mode = settings.mode === 'live' ? 'live' : 'sandbox';
  const resolved = resolveProviderConfig(provider, channel, { currency: 'XXX', origin: 'https://operator.invalid' }, env);
  return {
    channelId: channel.id,
    merchantCode,
    channelCode: channel.code,
    channelName: localised(channel.name, language),
    provider: provider.provider,
    mode,
    baseUrl: settings.baseUrl ?? provider.baseUrls[mode],
    isBaseUrlOverridden: Boolean(settings.baseUrl),
    env: provider.credentialNames.map((credential) => {
      const envName = settings[`${credential}Env`] ?? null;
      return { credential, envName, isSet: envName !== null && Boolean(env[envName]) };
    }),
    isEnabled: channel.isEnabled,
    isReady: channel.isEnabled && resolved.ok,
    problem: resolved.ok
      ? null
      : resolved.problem.reason === 'missing_env'
        ? `missing_env:${resolved.problem.names.join(',')}`
        : `bad_setting:${resolved.problem.key}`,
    payouts: settings.payouts === 'enabled',
    supportsPayouts: provider.supportsPayouts,
    supportsStatement: Boolean(provider.fetchStatement),
  };
}

/** Every real provider channel (the demo sandbox is not one), by merchant then channel. */
export async function listPaymentProviders(
  db: DbOrTx,
  filter: { merchantCode?: string | undefined; scopeMerchantId?: number | null | undefined; language: Language },
): Promise<PaymentProviderValue[]> {
  const names = listProviders().map((provider) => provider.provider);
  if (names.length === 0) return [];
  const rows = await db
    .select({ channel: depositChannels, merchantCode: merchants.code })
    .from(depositChannels)
    .innerJoin(merchants, eq(merchants.id, depositChannels.merchantId))
    .where(
      and(
        eq(depositChannels.kind, 'gateway'),
        inArray(depositChannels.provider, names),
        filter.merchantCode ? eq(merchants.code, filter.merchantCode) : undefined,
        filter.scopeMerchantId ? eq(depositChannels.merchantId, filter.scopeMerchantId) : undefined,
      ),
    )
    .orderBy(asc(merchants.code), asc(depositChannels.sortOrder), asc(depositChannels.id));
  return rows.flatMap(({ channel, merchantCode }) => presentPaymentProvider(channel, merchantCode, filter.language) ?? []);
}

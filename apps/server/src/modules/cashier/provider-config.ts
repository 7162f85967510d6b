import type { DepositChannelRow } from './deposit-queries';
import type { PaymentProvider, ProviderChannelConfig } from './payment-provider';

/** A provider call that never answers is a timeout after this long, unless the channel sets `timeoutMs`. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 30_000;

/** Where the member's browser comes back to after paying on the provider's page. */
export function depositResultPath(depositId: number): string {
  return `/member?page=depositv2&depositResult=${depositId}`;
}

export function providerCallbackPath(provider: string, kind: 'deposit' | 'payout' = 'deposit'): string {
  return `/payment-callback/${provider}/${kind}`;
}

const ENV_NAME = /^[A-Z][A-Z0-9_]{1,63}$/;

export type ProviderConfigProblem = { reason: 'missing_env'; names: string[] } | { reason: 'bad_setting'; key: string };

/**
 * A channel's configuration for its provider, or the problem that makes the channel unusable.
 * The channel's `providerSettings` hold, per credential the provider names, `<name>Env`: the NAME
 * of an environment variable (e.g. appKeyEnv: "BKASH_APP_KEY"); the value is read here, at call
 * time, and never written anywhere. `mode` (sandbox|live, default sandbox), `baseUrl` (overrides
 * the provider's host for that mode, e.g. the local fake) and `timeoutMs` are optional.
 */
export function resolveProviderConfig(
  provider: PaymentProvider,
  channel: DepositChannelRow,
  site: { currency: string; origin: string },
  env: Readonly<Record<string, string | undefined>> = process.env,
): { ok: true; config: ProviderChannelConfig } | { ok: false; problem: ProviderConfigProblem } {
  const settings = channel.providerSettings;
  const credentials: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of provider.credentialNames) {
    const envName = settings[`${name}Env`];
    if (!envName || !ENV_NAME.test(envName)) return { ok: false, problem: { reason: 'bad_setting', key: `${name}Env` } };
    const value = env[envName];
    if (!value) missing.push(envName);
    else credentials[name] = value;
  }
  if (missing.length > 0) return { ok: false, problem: { reason: 'missing_env', names: missing } };
  const mode = settings.mode ?? 'sandbox';
  if (mode !== 'sandbox' && mode !== 'live') return { ok: false, problem: { reason: 'bad_setting', key: 'mode' } };
  const baseUrl = settings.baseUrl ?? provider.baseUrls[mode];
  if (!/^https?:\/\//.test(baseUrl)) return { ok: false, problem: { reason: 'bad_setting', key: 'baseUrl' } };
  const timeoutMs = settings.timeoutMs ? Number(settings.timeoutMs) : DEFAULT_PROVIDER_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 120_000)
    return { ok: false, problem: { reason: 'bad_setting', key: 'timeoutMs' } };
  // Non-secret settings only: the `<name>Env` entries are names, never values.
  const { baseUrl: _baseUrl, mode: _mode, timeoutMs: _timeout, ...rest } = settings;
  return {
    ok: true,
    config: {
      merchantId: channel.merchantId,
      channelId: channel.id,
      channelCode: channel.code,
      provider: provider.provider,
      mode,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      credentials,
      settings: rest,
      currency: site.currency,
      callbackUrl: `${site.origin}${providerCallbackPath(provider.provider)}`,
      siteOrigin: site.origin,
      timeoutMs,
    },
  };
}

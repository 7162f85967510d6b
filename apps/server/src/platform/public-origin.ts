import type { FastifyRequest } from 'fastify';
import type { Merchant } from './merchant';

/** The merchant setting (merchants.settings) naming its site's public origin, e.g. "https://kismat.example". */
export const PUBLIC_ORIGIN_SETTING = 'publicOrigin';

/** The origin of an absolute http(s) URL, or null: a tampered value must never become a `javascript:` link. */
export function toHttpOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin people reach the merchant's member site at, for links the site hands out (agents'
 * invitation links). In order: the merchant's `publicOrigin` setting; PUBLIC_ORIGIN for the
 * default merchant (one site behind a proxy or CDN that rewrites Host); else the origin the
 * request came to, which is the site the agent is using. Behind a proxy the request's scheme and
 * host come from X-Forwarded-Proto/-Host only when TRUST_PROXY is on, so a client cannot spoof them.
 */
export function publicOriginOf(request: FastifyRequest, merchant: Merchant = request.merchant): string {
  const configured = configuredPublicOrigin(merchant, request.server.config.PUBLIC_ORIGIN);
  if (configured) return configured;
  return toHttpOrigin(`${request.protocol}://${request.host}`) ?? `https://${merchant.mainDomain}`;
}

/**
 * The origin an operator configured for the merchant's site (its `publicOrigin` setting, else
 * PUBLIC_ORIGIN for the default merchant), or null. Links sent by e-mail use only this or the
 * merchant's main domain, never the request's Host: a caller who controls Host would otherwise
 * receive a victim's password-reset token at a site of their own (host header poisoning).
 */
export function configuredPublicOrigin(
  merchant: Pick<Merchant, 'settings' | 'isDefault'>,
  publicOrigin: string | undefined,
): string | null {
  return toHttpOrigin(merchant.settings[PUBLIC_ORIGIN_SETTING]) ?? (merchant.isDefault ? toHttpOrigin(publicOrigin) : null);
}

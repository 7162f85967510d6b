import { DEFAULT_LANGUAGE, LANGUAGES, type Language, parseLanguage } from '@kismat/contracts/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The cookie that keeps a visitor's language choice (POST /wps/system/language). */
export const LANGUAGE_COOKIE = 'lang';

function asLanguage(candidate: unknown): Language | null {
  if (typeof candidate !== 'string') return null;
  const upper = candidate.trim().toUpperCase();
  return (LANGUAGES as readonly string[]).includes(upper) ? (upper as Language) : null;
}

/**
 * A language the caller chose: the `Language` header the web sends, else `lang` or `language`
 * in the query, else the language cookie. Null when the caller expressed no choice.
 */
export function resolveExplicitLanguage(request: FastifyRequest): Language | null {
  const header = request.headers.language;
  const query = request.query as Record<string, unknown> | undefined;
  const cookies = (request as { cookies?: Record<string, string | undefined> }).cookies;
  for (const candidate of [Array.isArray(header) ? header[0] : header, query?.lang, query?.language, cookies?.[LANGUAGE_COOKIE]]) {
    const language = asLanguage(candidate);
    if (language) return language;
  }
  return null;
}

function languageFromAcceptHeader(request: FastifyRequest): Language | null {
  const accept = request.headers['accept-language'];
  if (!accept) return null;
  for (const part of accept.split(',')) {
    const language = asLanguage(part.split(';')[0]?.trim().slice(0, 2));
    if (language) return language;
  }
  return null;
}

/**
 * The request's language before the merchant is known: explicit choice, else the first
 * supported Accept-Language tag, else the platform default (BN).
 */
export function resolveLanguage(request: FastifyRequest): Language {
  return resolveExplicitLanguage(request) ?? languageFromAcceptHeader(request) ?? DEFAULT_LANGUAGE;
}

/**
 * Once the merchant is resolved, a request without an explicit language (or a supported
 * Accept-Language) gets the merchant's default. Registered after merchant resolution.
 */
export function registerMerchantDefaultLanguage(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const merchantDefault = request.merchant ? parseLanguage(request.merchant.defaultLanguage) : DEFAULT_LANGUAGE;
    request.language = resolveExplicitLanguage(request) ?? languageFromAcceptHeader(request) ?? merchantDefault;
  });
}

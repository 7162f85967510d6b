import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@kismat/contracts/languages';
import type { FastifyRequest } from 'fastify';

/**
 * The request's language: the `Language` header the web sends, else `lang` in the query,
 * else the first supported Accept-Language tag, else the default (BN).
 */
export function resolveLanguage(request: FastifyRequest): Language {
  const header = request.headers.language;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = typeof query?.lang === 'string' ? query.lang : undefined;
  for (const candidate of [fromHeader, fromQuery]) {
    const upper = candidate?.trim().toUpperCase();
    if (upper && (LANGUAGES as readonly string[]).includes(upper)) return upper as Language;
  }
  const accept = request.headers['accept-language'];
  if (accept) {
    for (const part of accept.split(',')) {
      const tag = part.split(';')[0]?.trim().slice(0, 2).toUpperCase();
      if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
    }
  }
  return DEFAULT_LANGUAGE;
}

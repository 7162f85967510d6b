import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential. A token in a URL (`/ws?token=...`, a reset link, a
 * launch token, an aggregator's `authToken` on every wallet call) would otherwise land verbatim in every request log line, and logs are read by
 * more people, and kept longer, than the session table.
 */
const SECRET_QUERY_KEYS =
  /^(token|access_?token|refresh_?token|auth|auth_?token|authorization|password|pwd|code|otp|secret|signature|sign|key|api_?key|session|sid)$/i;

/** The URL with the value of every credential-bearing query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const path = url.slice(0, queryStart);
  const parts = url
    .slice(queryStart + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawKey = equals < 0 ? part : part.slice(0, equals);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent; it cannot name a secret key we recognise anyway.
      }
      return equals >= 0 && SECRET_QUERY_KEYS.test(key) ? `${rawKey}=[redacted]` : part;
    });
  return `${path}?${parts.join('&')}`;
}

/** Fastify's default request log fields, with the URL redacted. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

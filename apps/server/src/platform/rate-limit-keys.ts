import { createHash } from 'node:crypto';
import { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * Per-IP limits of the unauthenticated calls (route `config.rateLimit`). They are a per-node
 * flood guard kept in memory; the limits that protect accounts (failed-login counters, SMS
 * caps, captcha use) live in the database and hold across every node.
 */

/** The client address as a limit key: IPv4 as is, IPv6 by its /64 (one subscriber's block). */
export function clientIp(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

/** A key for "this browser": the IP plus a digest of the user agent, for per-client throttles. */
export function clientKey(request: FastifyRequest): string {
  const agent = request.headers['user-agent'] ?? '';
  return `${clientIp(request)}|${createHash('sha256').update(agent).digest('base64url').slice(0, 12)}`;
}

/** Requests per minute per IP of each public call, before PUBLIC_RATE_LIMIT_SCALE. */
export const PUBLIC_LIMITS = {
  login: 30,
  loginVerification: 20,
  register: 10,
  smsSend: 10,
  captcha: 60,
  freeplay: 10,
  passwordReset: 10,
  affiliate: 60,
  publicKey: 120,
  refresh: 30,
  outbox: 120,
  feedback: 10,
  /** Live chat visitor ids: one per browser; a shared NAT gets a few. */
  chatGuest: 20,
} as const;

export function publicRateLimit(kind: keyof typeof PUBLIC_LIMITS): RateLimitOptions {
  const perMinute = PUBLIC_LIMITS[kind];
  return {
    max: (request: FastifyRequest) => Math.max(1, Math.round(perMinute * request.server.config.PUBLIC_RATE_LIMIT_SCALE)),
    timeWindow: 60_000,
    keyGenerator: clientIp,
  };
}

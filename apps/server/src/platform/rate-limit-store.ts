import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Where @fastify/rate-limit counts (issue 20). With REDIS_URL (the cluster sets it) every node
 * counts in the same Redis, so a per-IP limit of 30 a minute is 30 across the cluster, not 30 per
 * node behind a balancer; without it, in this process's memory (one node, the embedded demo).
 *
 * The limits counted here are the flood guards of the public calls; the budgets that protect
 * accounts (failed logins, SMS per number and IP, captchas) are rows in PostgreSQL and hold across
 * nodes without Redis. A Redis outage must not take logins down with it: the client fails fast
 * (no offline queue, one retry) and the plugin lets the request through (skipOnError), logged.
 */
export interface RateLimitStore {
  /** Options for @fastify/rate-limit: the Redis client and its key prefix, or nothing (memory). */
  options: { redis?: Redis; nameSpace?: string; skipOnError?: boolean };
  close(): Promise<void>;
}

export const RATE_LIMIT_NAMESPACE = 'kismat-rate-limit:';

export function createRateLimitStore(redisUrl: string | undefined, log: FastifyBaseLogger): RateLimitStore {
  if (!redisUrl) return { options: {}, close: async () => undefined };
  const redis = new Redis(redisUrl, {
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  let isDown = false;
  redis.on('error', (error) => {
    if (isDown) return;
    isDown = true;
    log.error({ err: error }, 'rate limit store (Redis) unreachable: public limits are not enforced until it is back');
  });
  redis.on('ready', () => {
    if (isDown) log.info('rate limit store (Redis) reachable again');
    isDown = false;
  });
  return {
    options: { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TtlCache } from './ttl-cache';

/**
 * A public answer serialised once: the value (for a member's overlay), the exact JSON bytes the
 * route's response schema produces for its envelope, and their ETag. A cache hit then costs no
 * query, no schema walk and no JSON.stringify: the bytes go out as they are.
 */
export interface PreparedReply<V> {
  value: V;
  body: Buffer;
  etag: string;
}

/** Prepared replies by key, briefly, bounded in count and in bytes (pages of 100 games are ~50 KB). */
export function preparedReplyCache<V>(ttlMs: number, maxEntries = 2000): TtlCache<string, PreparedReply<V>> {
  return new TtlCache<string, PreparedReply<V>>(ttlMs, maxEntries, (prepared) => prepared.body.length * 3, 64 * 1024 * 1024);
}

/**
 * Serialises `envelope` with the route's own 200 serializer (the response schema checks it, as
 * on every uncached answer) and keeps `value` beside it.
 */
export function prepareReply<V>(reply: FastifyReply, value: V, envelope: unknown): PreparedReply<V> {
  const json = reply.serialize(envelope) as string;
  const body = Buffer.from(json, 'utf8');
  return { value, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** True when an If-None-Match header names this ETag (a list, `*` or a weak form count too). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends prepared bytes with their ETag; a revalidation that matches gets 304 without a body.
 * `no-cache`: a browser may keep the answer but asks again each time (a 304 is cheap). A
 * member's answer is sent `private` (it may carry their favourite stars).
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedReply<unknown>,
  cacheControl: 'no-cache' | 'private, no-cache' = 'no-cache',
): FastifyReply {
  reply.header('etag', prepared.etag).header('cache-control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], prepared.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(prepared.body);
}

/**
 * Variants derived from a prepared reply (a member's stars laid over a shared page), kept with
 * that reply: when the shared entry is replaced (expiry, an operator's change) its variants go
 * with it. Members with the same stars on a page share one variant.
 */
export class PreparedVariants<V> {
  private readonly byBase = new WeakMap<PreparedReply<V>, Map<string, PreparedReply<V>>>();

  constructor(private readonly maxPerBase = 1000) {}

  get(base: PreparedReply<V>, key: string, build: () => PreparedReply<V>): PreparedReply<V> {
    let variants = this.byBase.get(base);
    if (!variants) {
      variants = new Map();
      this.byBase.set(base, variants);
    }
    const hit = variants.get(key);
    if (hit) return hit;
    const built = build();
    if (variants.size >= this.maxPerBase) variants.clear();
    variants.set(key, built);
    return built;
  }
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { merchantDomains, merchants } from '../db/schema/merchants';
import type { Db } from './db';
import { AppError } from './errors';

export type Merchant = typeof merchants.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    merchants: MerchantDirectory;
  }
  interface FastifyRequest {
    /** Resolved once per request: domain route, else the `Merchant` header, else the default. */
    merchant: Merchant;
  }
}

// Merchant rows change rarely (operator edits); a short cache keeps every request from reading
// them while a change still shows on every node within a couple of seconds.
const CACHE_TTL_MS = 2000;

/** Looks merchants up by domain, code or default, with a short in-process cache. */
export class MerchantDirectory {
  private cache = new Map<string, { merchant: Merchant | null; expires: number }>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cache.clear();
  }

  private async cached(key: string, load: () => Promise<Merchant | null>): Promise<Merchant | null> {
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.merchant;
    const merchant = await load();
    this.cache.set(key, { merchant, expires: Date.now() + CACHE_TTL_MS });
    return merchant;
  }

  byDomain(domain: string): Promise<Merchant | null> {
    return this.cached(`domain:${domain}`, async () => {
      const rows = await this.db
        .select({ merchant: merchants })
        .from(merchantDomains)
        .innerJoin(merchants, eq(merchants.id, merchantDomains.merchantId))
        .where(eq(merchantDomains.domain, domain))
        .limit(1);
      return rows[0]?.merchant ?? null;
    });
  }

  byCode(code: string): Promise<Merchant | null> {
    return this.cached(`code:${code}`, async () => {
      const rows = await this.db.select().from(merchants).where(eq(merchants.code, code)).limit(1);
      return rows[0] ?? null;
    });
  }

  byDefault(): Promise<Merchant | null> {
    return this.cached('default', async () => {
      const rows = await this.db.select().from(merchants).where(eq(merchants.isDefault, true)).limit(1);
      return rows[0] ?? null;
    });
  }

  async resolve(request: FastifyRequest): Promise<Merchant> {
    const host = (request.hostname ?? '').split(':')[0]?.toLowerCase() ?? '';
    const header = request.headers.merchant;
    const code = Array.isArray(header) ? header[0] : header;
    const merchant =
      (host ? await this.byDomain(host) : null) ?? (code ? await this.byCode(code.trim()) : null) ?? (await this.byDefault());
    if (!merchant) throw new AppError('SERVICE_UNAVAILABLE', { message: 'No merchant is configured' });
    return merchant;
  }
}

const UNSCOPED_PREFIXES = ['/healthz', '/docs'];

/** Resolves `request.merchant` for every API request; every query is then scoped by it. */
export function registerMerchantResolution(app: FastifyInstance): void {
  app.decorate('merchants', new MerchantDirectory(app.db));
  app.decorateRequest('merchant', null as unknown as Merchant);
  app.addHook('preValidation', async (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (UNSCOPED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return;
    if (!request.routeOptions.url) return;
    request.merchant = await app.merchants.resolve(request);
  });
}

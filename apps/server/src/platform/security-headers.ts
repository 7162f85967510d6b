import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentSecurityPolicy, strictTransportSecurity } from 'helmet';
import { ADMIN_PREFIX, isApiPath } from './web-static';

/*
 * Browser security headers on every answer (issue 11, finding 9), with @fastify/helmet:
 *
 * - a strict Content-Security-Policy per surface: the member site and the back office run only
 *   their own bundled scripts (no inline script, no eval; the inline <style> of the built
 *   index.html is allowed by its hash, recomputed when the file changes), so an injected
 *   <script> or `onerror=` does nothing; API answers allow nothing at all;
 * - frame-ancestors 'none' and X-Frame-Options DENY everywhere (clickjacking of the approve
 *   buttons, the cashier), except the pages the site itself frames: the demo vendor's game
 *   client and the live-chat desk page declare `helmet: { frameguard: sameorigin }` and
 *   frame-ancestors 'self' in their own policy;
 * - the member site may frame itself, the video hosts of banner videos and the vendors whose
 *   game client opens in an iframe (the origins of their configured launch URLs, re-read
 *   every 30 s), nothing else;
 * - nosniff, Referrer-Policy strict-origin-when-cross-origin, Cross-Origin-Opener-Policy
 *   same-origin-allow-popups (game and payment windows keep working);
 * - HSTS and upgrade-insecure-requests only on requests that arrived over HTTPS (TLS at a
 *   proxy with TRUST_PROXY and X-Forwarded-Proto: https): sent over plain HTTP they would
 *   lock a site without TLS out of browsers, and browsers ignore HSTS there anyway.
 */

/** One year, as browsers' preload lists expect; subdomains are the operator's own call. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;
/** Where banner videos play from (apps/web features/home/utils/video-url.ts). */
const VIDEO_EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
const FRAME_ORIGINS_TTL_MS = 30_000;

type Surface = 'site' | 'admin' | 'docs' | 'api';

/** API routes outside API_PREFIXES (in-house game calls, gateway callbacks, the demo vendor backend). */
const MORE_API_PREFIXES = ['/bgs/api', '/payment-callback', '/demo-vendor/api'];

function surfaceOf(url: string): Surface {
  const pathname = url.split('?')[0] ?? url;
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under(ADMIN_PREFIX)) return 'admin';
  if (under('/docs')) return 'docs';
  if (isApiPath(pathname) || MORE_API_PREFIXES.some(under)) return 'api';
  return 'site';
}

/** The CSP hash sources of the inline <script> and <style> blocks of a built index.html. */
class InlineBlockHashes {
  private checkedAt = 0;
  private modifiedAt = -1;
  private value = { script: [] as string[], style: [] as string[] };

  constructor(private readonly file: string) {}

  of(kind: 'script' | 'style'): string[] {
    this.refresh();
    return this.value[kind];
  }

  private refresh(): void {
    const now = Date.now();
    if (now - this.checkedAt < 1000) return;
    this.checkedAt = now;
    let modifiedAt: number;
    try {
      modifiedAt = statSync(this.file).mtimeMs;
    } catch {
      this.value = { script: [], style: [] };
      return;
    }
    if (modifiedAt === this.modifiedAt) return;
    this.modifiedAt = modifiedAt;
    const html = readFileSync(this.file, 'utf8');
    const hashes = (pattern: RegExp) =>
      [...html.matchAll(pattern)].map(
        (match) =>
          `'sha256-${createHash('sha256')
            .update(match[1] ?? '')
            .digest('base64')}'`,
      );
    this.value = {
      // Only blocks without src: an external script is allowed by 'self'.
      script: hashes(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi),
      style: hashes(/<style[^>]*>([\s\S]*?)<\/style>/gi),
    };
  }
}

/** Origins a page of the site may frame, from a source that can fail (the database) and is re-read now and then. */
class FrameOrigins {
  private value: string[] = [];
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly list: () => Promise<string[]>,
    private readonly app: FastifyInstance,
  ) {}

  get current(): string[] {
    return this.value;
  }

  /**
   * The first page waits for the list; later ones are answered with the list in hand while it
   * is re-read (a slow or unreachable database never delays the site's pages).
   */
  async refreshIfStale(): Promise<void> {
    if (Date.now() - this.loadedAt < FRAME_ORIGINS_TTL_MS) return;
    const isFirst = this.loadedAt === 0;
    this.loading ??= this.list()
      .then((origins) => {
        this.value = origins;
      })
      .catch((error: unknown) => {
        // Pages keep the origins known before; the list is tried again after the TTL.
        this.app.log.warn({ err: error }, 'security headers: vendor frame origins not refreshed');
      })
      .finally(() => {
        this.loadedAt = Date.now();
        this.loading = null;
      });
    if (isFirst) await this.loading;
  }
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

function policies(site: InlineBlockHashes, admin: InlineBlockHashes, frames: FrameOrigins) {
  // A function's answer is appended to the directive's sources (an empty one adds nothing).
  const listed = (values: () => string[]) => () => values().join(' ');
  const page = (hashes: InlineBlockHashes, frameSrc: (string | (() => string))[]) => ({
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", listed(() => hashes.of('script'))],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", listed(() => hashes.of('style'))],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers the /ws socket of the same host (ws: or wss:).
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    frameSrc,
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  });
  return {
    site: page(site, ["'self'", ...VIDEO_EMBED_ORIGINS, listed(() => frames.current)]),
    // The back office frames nothing; proofs are images (blob: URLs).
    admin: page(admin, ["'none'"]),
    // Swagger UI: its own scripts, styles it sets inline, images as data: URLs.
    docs: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    // JSON is never rendered: nothing may load, frame or be framed.
    api: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
  } satisfies Record<Surface, Record<string, (string | (() => string))[]>>;
}

export interface SecurityHeadersOptions {
  /** The built member site; its index.html's inline blocks are hashed into the site policy. */
  webDistDir: string;
  /** The built back office (same for /admin/). */
  adminDistDir: string;
  /** Origins the member site may frame besides itself: vendors' game clients opened in an iframe. */
  listFrameOrigins: () => Promise<string[]>;
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    // Per surface and per request below (helmet's own middlewares, prebuilt).
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  const frames = new FrameOrigins(options.listFrameOrigins, app);
  const directivesBySurface = policies(
    new InlineBlockHashes(path.join(options.webDistDir, 'index.html')),
    new InlineBlockHashes(path.join(options.adminDistDir, 'index.html')),
    frames,
  );
  const byTransport = (isHttps: boolean) =>
    Object.fromEntries(
      Object.entries(directivesBySurface).map(([surface, directives]) => [
        surface,
        contentSecurityPolicy({
          useDefaults: false,
          directives: isHttps ? { ...directives, upgradeInsecureRequests: [] } : directives,
        }) as Middleware,
      ]),
    ) as Record<Surface, Middleware>;
  const plain = byTransport(false);
  const secure = byTransport(true);
  const hsts = strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }) as Middleware;

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const surface = surfaceOf(request.url);
    if (surface === 'site') await frames.refreshIfStale();
    const isHttps = request.protocol === 'https';
    const apply = (middleware: Middleware) =>
      middleware(request.raw, reply.raw, (error) => {
        if (error) throw error;
      });
    apply((isHttps ? secure : plain)[surface]);
    if (isHttps) apply(hsts);
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
/** The operator back office (apps/admin), its own bundle under /admin/. */
export const DEFAULT_ADMIN_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../admin/dist');
export const ADMIN_PREFIX = '/admin';

function isAdminPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return pathname === ADMIN_PREFIX || pathname.startsWith(`${ADMIN_PREFIX}/`);
}

function setCacheHeaders(reply: { header(name: string, value: string): unknown }, filePath: string): void {
  // Hashed assets never change; the page itself must always be revalidated.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'no-cache');
}

/**
 * Serves the built back office at /admin/ (hash routes, so no fallback is needed). Its pages
 * may not be framed, so no other site can overlay its approve buttons, and are not indexed.
 */
export async function registerAdminStatic(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${ADMIN_PREFIX}/`,
    preCompressed: true,
    // The member site's registration owns reply.sendFile.
    decorateReply: false,
    wildcard: true,
    index: ['index.html'],
    setHeaders(reply, filePath) {
      setCacheHeaders(reply, filePath);
      reply.header('x-frame-options', 'DENY');
      reply.header('x-robots-tag', 'noindex, nofollow');
    },
  });
  app.get(ADMIN_PREFIX, { schema: { hide: true } }, (_request, reply) => reply.redirect(`${ADMIN_PREFIX}/`));
  return true;
}

/** Prefixes that belong to the API: never answered with the single-page app. */
export const API_PREFIXES = ['/wps', '/lgw', '/lotto', '/vendor-api', '/admin-api', '/docs', '/healthz', '/ws'];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * Serves the built React site; unknown non-API GETs get index.html so client routes work. The
 * back office, when built, is served beside it under /admin/.
 */
export async function registerWebStatic(app: FastifyInstance, distDir: string, adminDistDir = DEFAULT_ADMIN_DIST): Promise<boolean> {
  await registerAdminStatic(app, adminDistDir);
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    // A wildcard route serves files built after the server started; misses fall through to
    // the not-found handler, which answers the SPA for pages and an envelope for the API.
    wildcard: true,
    index: ['index.html'],
    // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): answered
    // with Content-Encoding and Vary: Accept-Encoding; a file without them is sent as it is.
    preCompressed: true,
    setHeaders(reply, filePath) {
      setCacheHeaders(reply, filePath);
    },
  });
  return true;
}

export function sendSpa(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  // A missing back-office file is a 404, never the member site.
  if (isAdminPath(request.url)) return false;
  const accept = request.headers.accept ?? '';
  if (!accept.includes('text/html') && !accept.includes('*/*')) return false;
  reply.header('cache-control', 'no-cache');
  void reply.sendFile('index.html');
  return true;
}

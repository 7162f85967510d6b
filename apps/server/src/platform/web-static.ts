import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerHomeFirstScreen } from './home-first-screen';

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
 * back office, when built, is served beside it under /admin/. `homeImage` names the home page's
 * largest paint for a preload header (registerHomeImagePreload) and for the first screen the
 * home paths' HTML carries (registerHomeFirstScreen).
 */
export async function registerWebStatic(
  app: FastifyInstance,
  distDir: string,
  adminDistDir = DEFAULT_ADMIN_DIST,
  homeImage?: (request: FastifyRequest) => Promise<string | null>,
): Promise<boolean> {
  await registerAdminStatic(app, adminDistDir);
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  // Before the static plugin: a plugin takes the hooks its parent has when it is registered.
  if (homeImage) {
    registerHomeImagePreload(app, homeImage);
    registerHomeFirstScreen(app, {
      indexFile: path.join(distDir, 'index.html'),
      paths: [...HOME_PATHS],
      image: homeImage,
      fallback: (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'),
    });
  }
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

/** The paths the member site's home route answers (apps/web app/router.tsx, prefetch-first-screen.ts). */
const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home']);

export function isHomePagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return HOME_PATHS.has(pathname.replace(/(.)\/$/, '$1'));
}

/** A same-origin path with nothing a Link header would have to escape; anything else is not named. */
const PRELOADABLE = /^\/(?!\/)[^\s<>"',;\\]*$/;

/**
 * The home page's answer names its largest paint (the first home banner) in a `Link: rel=preload`
 * header, so the browser fetches it while the script loads instead of after the announcements
 * answer (issue 16 item 6). The same request the page's <img> makes later (no srcset, no CORS
 * mode), at the priority the <img> asks for. Only the home page's HTML; never an API answer.
 * `find` gives the address for this visitor (merchant, language), or null for no header.
 */
export function registerHomeImagePreload(app: FastifyInstance, find: (request: FastifyRequest) => Promise<string | null>): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || !isHomePagePath(request.url)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('text/html')) return payload;
    const url = await find(request).catch(() => null);
    if (url && PRELOADABLE.test(url)) reply.header('link', `<${url}>; rel=preload; as=image; fetchpriority=high`);
    return payload;
  });
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

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Prefixes that belong to the API: never answered with the single-page app. */
export const API_PREFIXES = ['/wps', '/lgw', '/lotto', '/vendor-api', '/admin-api', '/docs', '/healthz', '/ws'];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Serves the built React site; unknown non-API GETs get index.html so client routes work. */
export async function registerWebStatic(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    // A wildcard route serves files built after the server started; misses fall through to
    // the not-found handler, which answers the SPA for pages and an envelope for the API.
    wildcard: true,
    index: ['index.html'],
    setHeaders(reply, filePath) {
      // Hashed assets never change; the page itself must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'no-cache');
    },
  });
  return true;
}

export function sendSpa(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url)) return false;
  const accept = request.headers.accept ?? '';
  if (!accept.includes('text/html') && !accept.includes('*/*')) return false;
  reply.header('cache-control', 'no-cache');
  void reply.sendFile('index.html');
  return true;
}

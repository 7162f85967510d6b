import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebStatic, sendSpa } from './web-static';

function builtSite(title: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kismat-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  const script = `console.log(${JSON.stringify(title)})`;
  writeFileSync(path.join(dir, 'assets', `${title}-abc123.js`), script);
  // What the web build's precompress step writes beside each asset.
  writeFileSync(path.join(dir, 'assets', `${title}-abc123.js.br`), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', `${title}-abc123.js.gz`), gzipSync(script));
  return dir;
}

describe('web static serving', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerWebStatic(app, builtSite('member'), builtSite('admin'));
    app.setNotFoundHandler((request, reply) => {
      if (sendSpa(request, reply)) return;
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND' });
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('serves the back office under /admin/ as its own bundle, unframeable and not indexed', async () => {
    const page = await get('/admin/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>admin</title>');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-robots-tag']).toContain('noindex');
    const asset = await get('/admin/assets/admin-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const bare = await get('/admin');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/admin/');
  });

  it('never answers a missing back-office path with the member site', async () => {
    const missing = await get('/admin/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>member</title>');
  });

  it('keeps the member site and its fallback for client routes; the admin bundle is not in it', async () => {
    expect((await get('/')).body).toContain('<title>member</title>');
    expect((await get('/member/deposit')).body).toContain('<title>member</title>');
    expect((await get('/assets/admin-abc123.js')).body).not.toContain('console.log');
  });

  it('answers a precompressed asset in the encoding asked for, long cached; the page is revalidated', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/assets/member-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log("member")');
    const gzip = await app.inject({ method: 'GET', url: '/assets/member-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/member-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("member")');
    const page = await get('/member/deposit');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_VENDOR_PATHS } from '@kismat/contracts/vendor-wallet';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { vendors } from '../db/schema/catalogue';
import { vendorIntegrations } from '../db/schema/games';
import { seedDatabase } from '../seed/seed';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './db';

/*
 * Issue 11, finding 9: no browser security headers on the member site, /admin or the API.
 * Every answer now carries a strict Content-Security-Policy for its surface, frame-ancestors
 * 'none' (X-Frame-Options DENY) except the demo vendor's game client the site frames, nosniff
 * and a Referrer-Policy; HSTS only when the request came over HTTPS. That the built site runs
 * under the policy with no violation is e2e/specs/security-headers.e2e.ts (Chromium).
 */

const INLINE_STYLE = 'body{background:#0a0d22}';
const VENDOR_ORIGIN = 'https://games.vendor.example';

let database: Database;
let app: FastifyInstance;
let proxied: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'kismat-headers-'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><html><head><style>${INLINE_STYLE}</style></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`,
  );
  database = await createTestDatabase();
  await seedDatabase(database.db, { demo: false });
  // A vendor whose game client is elsewhere and opens in the site's game frame.
  const [vendor] = await database.db.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, 'PT'));
  await database.db
    .update(vendorIntegrations)
    .set({ launchUrl: `${VENDOR_ORIGIN}/play?token={token}&game={game}`, launchMode: 'iframe' })
    .where(eq(vendorIntegrations.vendorId, vendor?.id ?? 0));
  app = await buildApp({ config: testConfig({ WEB_DIST_DIR: distDir }), database, serveWeb: true });
  proxied = await buildApp({ config: testConfig({ WEB_DIST_DIR: distDir, TRUST_PROXY: true }), database, serveWeb: true });
  await Promise.all([app.ready(), proxied.ready()]);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await database?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** The policy as a map of directive to its sources. */
function policyOf(header: unknown): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('the member site: only its own scripts, its inline style by hash, no framing by others', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    expect(response.headers['x-frame-options']).toBe('DENY');
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    const styleHash = `'sha256-${createHash('sha256').update(INLINE_STYLE).digest('base64')}'`;
    expect(policy.get('style-src')).toEqual(["'self'", styleHash]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // Frames: the site, banner video hosts and the configured vendor's client, nothing else.
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com', VENDOR_ORIGIN]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
    // A client route answered with the page gets the same policy.
    const route = await app.inject({ method: 'GET', url: '/wallet', headers: { accept: 'text/html' } });
    expect(policyOf(route.headers['content-security-policy']).get('style-src')).toEqual(["'self'", styleHash]);
  });

  it('/admin/: the back office frames nothing and is never framed', async () => {
    const response = await app.inject({ method: 'GET', url: '/admin/' });
    expectCommonHeaders(response.headers);
    expect(response.headers['x-frame-options']).toBe('DENY');
    const policy = policyOf(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('API answers allow nothing to load or frame them', async () => {
    for (const url of ['/wps/system/status', '/wps/no-such-call']) {
      const response = await app.inject({ method: 'GET', url });
      expectCommonHeaders(response.headers);
      expect(response.headers['x-frame-options']).toBe('DENY');
      const policy = policyOf(response.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });

  it('the demo vendor game client may be framed by the site only', async () => {
    const response = await app.inject({ method: 'GET', url: `${DEMO_VENDOR_PATHS.client}?token=x&game=y&vendor=PT&lang=EN` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(policyOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('HSTS and upgrade-insecure-requests only over HTTPS (a trusted proxy saying so)', async () => {
    const plain = await proxied.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await proxied.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(policyOf(secure.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    // Without TRUST_PROXY the header is anyone's to forge: no HSTS from it.
    const forged = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

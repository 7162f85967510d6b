import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { serveMetrics } from './metrics';

/*
 * Operations (issue 20): /readyz says whether this node may take traffic, and the metrics port
 * answers Prometheus text with per-route request counts, the pool and the cluster-wide figures.
 */
describe('readiness and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is ready when the database answers and every migration is applied, and not once closing', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    expect(ready.json().migrations).toBeGreaterThan(30);

    t.app.isClosing = true;
    const closing = await t.app.inject({ url: '/readyz' });
    t.app.isClosing = false;
    expect(closing.statusCode).toBe(503);
  });

  it('counts requests per route pattern (never the raw URL) and serves the text on its own port only', async () => {
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/healthz' });
    await t.app.inject({ url: '/no/such/route/12345' });
    const server = await serveMetrics(t.app.metrics, 0, '127.0.0.1');
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/kismat_http_requests_total\{method="GET",route="\/healthz",status="2xx"\} 2/);
      // No label carries the raw path (a metric's value may contain these digits: the process's
      // virtual memory was 35839123456 bytes once, so look at the labels, not the whole text).
      expect(text).not.toContain('/no/such/route');
      expect(text).not.toMatch(/\{[^}]*12345[^}]*\}/);
      expect(text).toMatch(/kismat_http_request_duration_seconds_count\{method="GET",route="\/healthz"\} 2/);
      expect(text).toContain('kismat_ledger_transfers_inserted');
      expect(text).toContain('kismat_ws_connections 0');
      if (t.database.kind === 'postgres') expect(text).toMatch(/kismat_db_pool_connections\{state="waiting"\} 0/);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
    // Not on the public port.
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});

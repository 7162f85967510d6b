import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('lists every route the server has, with its methods', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, unknown>>;
    // HEAD routes are Fastify's automatic twins of GET; hidden routes are the docs UI's own files.
    const routes = t.app.registeredRoutes.filter((route) => route.method !== 'HEAD' && !route.isHidden);
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((route) => !paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing).toEqual([]);
    for (const path of [
      '/wps/system/status',
      '/wps/system/permission',
      '/lgw/games/game_menus',
      '/wps/relay/MCSFE_getListAnnouncements',
      '/lgw/images/games/{vendor}/{file}',
    ]) {
      expect(Object.keys(paths)).toContain(path);
    }
  });

  it('gives every documented operation of this module a tag and a summary', async () => {
    const paths = (await t.app.inject({ url: '/docs/json' })).json().paths as Record<
      string,
      Record<string, { tags?: string[]; summary?: string }>
    >;
    const mine = Object.entries(paths).filter(
      ([path]) => path.startsWith('/wps/system') || path.startsWith('/lgw/') || path.startsWith('/wps/relay/MCSFE_getListAnnouncements'),
    );
    expect(mine.length).toBeGreaterThanOrEqual(13);
    for (const [path, operations] of mine) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
      }
    }
  });
});

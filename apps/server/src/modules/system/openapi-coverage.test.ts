import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient } from '../../test/factories';
import { useTestApp } from '../../test/shop-fixture';

/** Fastify's `/a/:id` is OpenAPI's `/a/{id}`. */
function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const OPERATOR_TOKEN = `docs-${'o'.repeat(16)}`;

describe('OpenAPI documents', () => {
  let t: TestApp;
  let memberToken: string;
  useTestApp(
    async (built) => {
      t = built;
      const shop = await createMerchant(t.app.db);
      const created = await createMember(t.app.db, shop.merchant.id);
      memberToken = await new TestClient(t.app, shop.host).login(created.member.username, created.password ?? '');
    },
    { config: { OPERATOR_TOKEN } },
  );

  const operatorPaths = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin-api/docs/json',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json().paths as Record<string, Record<string, unknown>>;
  };

  it('lists every route the server has, with its methods, in the public or the operator document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = { ...(response.json().paths as Record<string, Record<string, unknown>>), ...(await operatorPaths()) };
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

  it('shows the public no operator route (issue 11, finding 17), in JSON and YAML alike', async () => {
    const publicPaths = Object.keys((await t.app.inject({ url: '/docs/json' })).json().paths);
    expect(publicPaths.length).toBeGreaterThan(50);
    expect(publicPaths.filter((path) => path.startsWith('/admin-api'))).toEqual([]);
    expect(publicPaths).toContain('/vendor-api/v1/bet');
    const yaml = (await t.app.inject({ url: '/docs/yaml' })).body;
    expect(yaml).not.toContain('/admin-api');
  });

  it('describes the operator API only to an operator', async () => {
    const operator = Object.keys(await operatorPaths());
    expect(operator.length).toBeGreaterThan(20);
    expect(operator.every((path) => path.startsWith('/admin-api/'))).toBe(true);
    expect(operator).toContain('/admin-api/cashier/deposits');
    expect((await t.app.inject({ url: '/admin-api/docs/json' })).statusCode).toBe(401);
    const member = await t.app.inject({ url: '/admin-api/docs/json', headers: { authorization: `Bearer ${memberToken}` } });
    expect(member.statusCode).toBe(403);
    expect(member.body).not.toContain('/admin-api/cashier');
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

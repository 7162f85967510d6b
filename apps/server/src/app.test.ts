import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app';

describe('app foundation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      extend: (app) =>
        app.get('/__test/throw', async () => {
          throw new Error('secret internal detail from the driver');
        }),
    });
  });
  afterAll(async () => t.close());

  it('answers health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: t.database.kind });
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'ROUTE_NOT_FOUND', message: expect.any(String), value: null });
  });

  it('localises messages by the Language header', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/wps/nope', headers: { language: 'EN' } });
    const bn = await t.app.inject({ method: 'GET', url: '/wps/nope' });
    expect(en.json().message).toBe('Invalid URL, please contact customer service');
    expect(bn.json().message).not.toBe(en.json().message);
  });

  it('hides internals of a thrown bug behind a 500 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/__test/throw', headers: { language: 'EN' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, code: 'INTERNAL_ERROR', message: 'Unknown error', value: null });
    expect(response.body).not.toContain('secret');
  });

  it('echoes a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abcdef123456' } });
    expect(response.headers['x-request-id']).toBe('abcdef123456');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/healthz');
  });
});

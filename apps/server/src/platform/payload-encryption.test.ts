import { generateKeyPairSync } from 'node:crypto';
import { importSealingKey, sealPayload } from '@kismat/contracts/encryption';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueIp } from '../test/factories';

describe('payload encryption of E calls', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;
  const extraApps: FastifyInstance[] = [];

  /** Another node on the same database, with its own configuration. */
  async function anotherNode(config: Parameters<typeof testConfig>[0]): Promise<FastifyInstance> {
    const app = await buildApp({ config: testConfig(config), database: t.database, serveWeb: false });
    await app.ready();
    extraApps.push(app);
    return app;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    shop = await createMerchant(t.app.db);
    client = new TestClient(t.app, shop.host);
  });
  afterAll(async () => {
    for (const app of extraApps) await app.close();
    await t.close();
  });

  it('publishes the RSA-OAEP public key', async () => {
    const response = await client.call('GET', '/wps/system/publicKey');
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({
      algorithm: 'RSA-OAEP-256+A256GCM',
      publicKeyPem: expect.stringContaining('-----BEGIN PUBLIC KEY-----'),
      kid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('opens a sealed body before validation (round trip through the login call)', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const response = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password },
      encrypt: true,
      ip: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().value.userName).toBe(member.username);
  });

  it('refuses tampered data, a body sealed for another call and a malformed envelope (DECRYPTION_FAILED)', async () => {
    const sealed = await client.seal('/wps/session/login', { username: 'someone', password: 'secret' });
    const data = Buffer.from(sealed.encrypted.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    const tampered = { encrypted: { ...sealed.encrypted, data: data.toString('base64') } };
    const forOther = await client.seal('/wps/member/password', { username: 'someone', password: 'secret' });
    for (const body of [tampered, forOther, { encrypted: { key: 'AAAA', iv: 'AAAA', data: 'AAAA' } }, { encrypted: 'nope' }]) {
      const response = await client.call('POST', '/wps/session/login', { body, ip: uniqueIp() });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'DECRYPTION_FAILED', message: 'The request could not be decrypted' });
    }
  });

  it('refuses plain bodies to E calls outside development and test, and still opens sealed ones', async () => {
    const strict = await anotherNode({ ALLOW_PLAIN_E_CALLS: false });
    const strictClient = new TestClient(strict, shop.host);
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const plain = await strictClient.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip: uniqueIp() });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: 'ENCRYPTION_REQUIRED', message: 'This request must be encrypted' });
    const register = await strictClient.call('PUT', '/wps/member/register', { body: { username: 'plainuser1' }, ip: uniqueIp() });
    expect(register.json().code).toBe('ENCRYPTION_REQUIRED');
    const sealed = await strictClient.call('POST', '/wps/session/login', {
      body: { username: member.username, password },
      encrypt: true,
      ip: uniqueIp(),
    });
    expect(sealed.statusCode).toBe(200);
    // Calls that are not E calls take plain bodies as ever.
    const sms = await strictClient.call('POST', '/wps/verification/sms/noLogin', { body: { mobileNo: '12' }, ip: uniqueIp() });
    expect(sms.json().code).toBe('MOBILE_INVALID');

    const production = await anotherNode({ NODE_ENV: 'production' });
    const refused = await new TestClient(production, shop.host).call('POST', '/wps/session/login', {
      body: { username: member.username, password },
      ip: uniqueIp(),
    });
    expect(refused.json().code).toBe('ENCRYPTION_REQUIRED');
  });

  it('shares one key pair across nodes on one database: a body sealed for one node opens on another', async () => {
    const second = await anotherNode({});
    const first = await client.call('GET', '/wps/system/publicKey');
    const other = await second.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { host: shop.host } });
    expect(other.json().value.kid).toBe(first.json().value.kid);
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const key = await importSealingKey(first.json().value.publicKeyPem);
    const sealed = await sealPayload(key, '/wps/session/login', { username: member.username, password });
    const response = await second.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { host: shop.host },
      payload: sealed,
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('uses PAYLOAD_PRIVATE_KEY_PEM when configured', async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const configured = await anotherNode({ PAYLOAD_PRIVATE_KEY_PEM: pem });
    const response = await configured.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { host: shop.host } });
    expect(response.json().value.publicKeyPem).toBe(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  });

  it('guards the development outbox with the operator token outside development and test', async () => {
    const token = 'operator-token-for-tests-0123456789';
    const production = await anotherNode({ NODE_ENV: 'production', OPERATOR_TOKEN: token });
    const get = (authorization?: string) =>
      production.inject({
        method: 'GET',
        url: '/admin-api/outbox',
        headers: { host: shop.host, ...(authorization ? { authorization } : {}) },
      });
    expect((await get()).json().code).toBe('AUTH_REQUIRED');
    expect((await get('Bearer wrong-token-wrong-token-123')).json().code).toBe('FORBIDDEN');
    expect((await get(`Bearer ${token}`)).statusCode).toBe(200);
  });
});

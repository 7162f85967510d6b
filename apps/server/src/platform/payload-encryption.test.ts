import { generateKeyPairSync, webcrypto } from 'node:crypto';
import {
  bytesToBase64,
  importSealingKey,
  SEALED_BODY_MAX_AGE_MS,
  SEALED_BODY_MAX_SKEW_MS,
  type SealingKey,
  sealPayload,
  utf8Bytes,
} from '@kismat/contracts/encryption';
import { VERIFICATION_PATHS } from '@kismat/contracts/verification';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createMember, createMerchant, latestOutboxCode, TestClient, type TestMerchant, uniqueIp, uniqueMobile } from '../test/factories';
import { openPayload } from './payload-encryption';

/** A body sealed as clients did before issue 11 item 16: the plain JSON inside, no timestamp or nonce. */
async function sealRaw(sealingKey: SealingKey, path: string, body: unknown) {
  const subtle = webcrypto.subtle;
  const aesKeyBytes = webcrypto.getRandomValues(new Uint8Array(32));
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const aesKey = await subtle.importKey('raw', aesKeyBytes, { name: 'AES-GCM' }, false, ['encrypt']);
  const data = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: utf8Bytes(path) }, aesKey, utf8Bytes(JSON.stringify(body)));
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, sealingKey.key as webcrypto.CryptoKey, aesKeyBytes);
  return {
    encrypted: { key: bytesToBase64(new Uint8Array(wrapped)), iv: bytesToBase64(iv), data: bytesToBase64(new Uint8Array(data)) },
  };
}

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

  describe('replay of a captured body (issue 11 item 16)', () => {
    async function sealingKey(offsetMs = 0) {
      const answer = await client.call('GET', '/wps/system/publicKey');
      const key = await importSealingKey(answer.json().value.publicKeyPem, answer.json().value.serverTime);
      return { ...key, clockOffsetMs: key.clockOffsetMs + offsetMs };
    }
    const login = (body: unknown, node: FastifyInstance = t.app) =>
      node.inject({
        method: 'POST',
        url: '/wps/session/login',
        headers: { host: shop.host, language: 'EN' },
        payload: body as object,
        remoteAddress: uniqueIp(),
      });

    it('publishes the server clock with the key, and seals a timestamp and a nonce inside the body', async () => {
      const before = Date.now();
      const answer = await client.call('GET', '/wps/system/publicKey');
      expect(answer.json().value.serverTime).toBeGreaterThanOrEqual(before);
      const keys = await t.app.payloadKeys.keys();
      const sealed = await sealPayload(await sealingKey(), '/wps/session/login', { username: 'someone', password: 'secret' });
      const opened = openPayload(keys, '/wps/session/login', sealed.encrypted);
      expect(opened).toEqual({
        sealedAt: expect.any(Number),
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        body: { username: 'someone', password: 'secret' },
      });
    });

    it('opens a fresh body once: the same body sent again is refused (REQUEST_REPLAYED), also on another node and in parallel', async () => {
      const { member, password } = await createMember(t.app.db, shop.merchant.id);
      const sealed = await sealPayload(await sealingKey(), '/wps/session/login', { username: member.username, password });
      const first = await login(sealed);
      expect(first.statusCode, first.body).toBe(200);
      const again = await login(sealed);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'REQUEST_REPLAYED',
        message: 'This request was already sent, please refresh the page and try again',
      });
      const second = await anotherNode({});
      expect((await login(sealed, second)).json().code).toBe('REQUEST_REPLAYED');

      // The attack run made 3 sessions from one body: 10 parallel copies now make exactly one.
      const burst = await sealPayload(await sealingKey(), '/wps/session/login', { username: member.username, password });
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => login(burst, i % 2 === 0 ? t.app : second)));
      const codes = answers.map((answer) => answer.json().code);
      expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
      expect(codes.filter((code) => code === 'REQUEST_REPLAYED')).toHaveLength(9);
    });

    it('refuses a body sealed more than a minute ago or dated ahead of the server clock (REQUEST_EXPIRED), in the request language', async () => {
      const { member, password } = await createMember(t.app.db, shop.merchant.id);
      const body = { username: member.username, password };
      const old = await login(await sealPayload(await sealingKey(-(SEALED_BODY_MAX_AGE_MS + 5_000)), '/wps/session/login', body));
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ code: 'REQUEST_EXPIRED', value: { serverTime: expect.any(Number) } });
      const ahead = await login(await sealPayload(await sealingKey(SEALED_BODY_MAX_SKEW_MS + 5_000), '/wps/session/login', body));
      expect(ahead.json().code).toBe('REQUEST_EXPIRED');
      const bn = await new TestClient(t.app, shop.host, 'BN').call('POST', '/wps/session/login', {
        body: await sealPayload(await sealingKey(-120_000), '/wps/session/login', body),
        ip: uniqueIp(),
      });
      expect(bn.json().message).toBe('অনুরোধটির মেয়াদ শেষ, ডিভাইসের তারিখ ও সময় দেখে আবার চেষ্টা করুন');
      // A device clock minutes off still works: the body is dated on the server clock from the key answer.
      const skewed = await importSealingKey(
        (await client.call('GET', '/wps/system/publicKey')).json().value.publicKeyPem,
        Date.now() - 7 * 60_000,
      );
      const late = await login(await sealPayload({ ...skewed, clockOffsetMs: 0 }, '/wps/session/login', body));
      expect(late.json().code).toBe('OK');
      // Within the window a body is accepted (a slow phone network is not a replay).
      const slow = await login(await sealPayload(await sealingKey(-(SEALED_BODY_MAX_AGE_MS - 10_000)), '/wps/session/login', body));
      expect(slow.statusCode, slow.body).toBe(200);
    });

    it('refuses a body sealed the old way (no timestamp and nonce inside)', async () => {
      const keys = await importSealingKey((await client.call('GET', '/wps/system/publicKey')).json().value.publicKeyPem);
      const raw = await sealRaw(keys, '/wps/session/login', { username: 'someone', password: 'secret' });
      expect((await login(raw)).json().code).toBe('DECRYPTION_FAILED');
    });
  });

  it('uses PAYLOAD_PRIVATE_KEY_PEM when configured', async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const configured = await anotherNode({ PAYLOAD_PRIVATE_KEY_PEM: pem });
    const response = await configured.inject({ method: 'GET', url: '/wps/system/publicKey', headers: { host: shop.host } });
    expect(response.json().value.publicKeyPem).toBe(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  });

  it('keeps the outbox to a demo in production: no route on a site, even for the operator token; in a demo admins only, codes masked', async () => {
    // Issue 11, finding 3: the operator token alone used to read members' codes from a
    // production server's outbox. A site has no outbox; a demo shows it to admins, masked.
    const token = 'operator-token-for-tests-0123456789';
    const get = (app: FastifyInstance, authorization?: string, query = '') =>
      app.inject({
        method: 'GET',
        url: `${VERIFICATION_PATHS.outbox}${query}`,
        headers: { host: shop.host, ...(authorization ? { authorization } : {}) },
      });
    const site = await anotherNode({ NODE_ENV: 'production', OPERATOR_TOKEN: token });
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-123', `Bearer ${token}`]) {
      const response = await get(site, authorization);
      expect([response.statusCode, response.json().code], authorization).toEqual([404, 'ROUTE_NOT_FOUND']);
    }

    const mobile = uniqueMobile();
    await createMember(t.app.db, shop.merchant.id, { mobile: { dialingCode: '+880', national: mobile.national } });
    const sent = await client.call('POST', '/wps/verification/sms/noLogin', {
      body: { countryDialingCode: '+880', mobileNo: mobile.national },
      ip: uniqueIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = (await latestOutboxCode(t.app.db, mobile.e164)) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const demo = await anotherNode({ NODE_ENV: 'production', SEED_DEMO: true, PAYMENT_SANDBOX: false, OPERATOR_TOKEN: token });
    expect((await get(demo)).json().code).toBe('AUTH_REQUIRED');
    expect((await get(demo, 'Bearer wrong-token-wrong-token-123')).json().code).toBe('FORBIDDEN');
    const listed = await get(demo, `Bearer ${token}`, `?channel=SMS&to=${encodeURIComponent(mobile.e164)}&merchantId=${shop.merchant.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().value).toHaveLength(1);
    expect(listed.body).toContain(`${code.slice(0, 2)}****`);
    expect(listed.body).not.toContain(code);
  });
});

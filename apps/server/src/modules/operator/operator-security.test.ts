import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessions, operators } from '../../db/schema/operators';
import { hashToken } from '../../platform/auth';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createMerchant, TestClient, type TestMerchant, uniqueIp, useRealClock } from '../../test/factories';
import { totpCode, totpStep } from '../security/totp';
import { operatorAccountsKit, ROOT_TOKEN } from './operator-accounts-test-kit';

/*
 * Operator security on a real Postgres (issue 19 part 5), with the second factor required as in
 * production: admin and finance enrol an authenticator before anything opens, then log in with
 * password and code; idle sessions end; an IP allow-list refuses other addresses; weak
 * passwords are refused.
 */

let t: TestApp;
let site: TestMerchant;
let client: TestClient;

beforeAll(async () => {
  t = await buildTestApp({
    config: { OPERATOR_TOKEN: ROOT_TOKEN, OPERATOR_TOTP_REQUIRED: true, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kismat-opsec-')) },
  });
  site = await createMerchant(t.app.db);
  client = new TestClient(t.app, site.host);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const { createOperator, login, as } = operatorAccountsKit(() => ({ t, site, client }));

function codeAt(secret: string, at: Date, offsetSteps = 0): string {
  return totpCode(secret, totpStep(at) + offsetSteps);
}

describe('TOTP second factor for operators', () => {
  it('an admin without an authenticator may only enrol one; then logs in with password and code, and a code works once', async () => {
    const username = await createOperator('admin');
    const first = await login(username);
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json().value.token as string;
    expect(first.json().value).toMatchObject({ mustEnrolTotp: true, hasTotp: false });
    // Nothing but enrolment opens on a password alone.
    const refused = await as(token, 'GET', '/admin-api/members?q=ab');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().value).toMatchObject({ needs: 'totp_enrolment' });
    expect((await as(token, 'GET', '/admin-api/session')).json().value.mustEnrolTotp).toBe(true);

    const setup = (await as(token, 'POST', '/admin-api/session/totp/setup')).json().value;
    expect(setup.otpauthUri).toMatch(new RegExp(`^otpauth://totp/Kismat%20back%20office%3A${username}\\?secret=${setup.secret}&issuer=`));
    const wrong = await as(token, 'POST', '/admin-api/session/totp', { code: codeAt(setup.secret, new Date(), 5) });
    expect(wrong.statusCode).toBe(422);
    const enabled = await as(token, 'POST', '/admin-api/session/totp', { code: codeAt(setup.secret, new Date()) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().value).toMatchObject({ mustEnrolTotp: false, hasTotp: true });
    expect((await as(token, 'GET', '/admin-api/members?q=ab')).statusCode).toBe(200);
    // A second setup cannot swap a working authenticator from a (possibly stolen) session.
    expect((await as(token, 'POST', '/admin-api/session/totp/setup')).statusCode).toBe(409);

    const ip = uniqueIp();
    const withoutCode = await login(username, undefined, ip);
    expect(withoutCode.json()).toMatchObject({ code: 'LOGIN_VERIFICATION_REQUIRED', value: { totp: true } });
    const nextCode = codeAt(setup.secret, new Date(), 1);
    const withCode = await client.call('POST', '/admin-api/session', {
      body: { username, password: 'Op3rator!pass', totpCode: nextCode },
      ip,
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().value).toMatchObject({ mustEnrolTotp: false, hasTotp: true });
    // The same code again (read over a shoulder): refused, and counted as a failure.
    const replay = await client.call('POST', '/admin-api/session', {
      body: { username, password: 'Op3rator!pass', totpCode: nextCode },
      ip,
    });
    expect(replay.json().code).toBe('LOGIN_FAILED');
  });

  it('support is not asked for a second factor', async () => {
    const response = await login(await createOperator('support'));
    expect(response.json().value).toMatchObject({ mustEnrolTotp: false });
  });
});

describe('sessions, addresses and passwords', () => {
  it('ends a session idle for more than 30 minutes, however long its hard expiry', async () => {
    const response = await login(await createOperator('support'));
    const token = response.json().value.token as string;
    expect((await as(token, 'GET', '/admin-api/session')).statusCode).toBe(200);
    await t.app.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(operatorSessions.tokenHash, hashToken(token)));
    const idle = await as(token, 'GET', '/admin-api/session');
    expect(idle.statusCode).toBe(401);
    expect(idle.json()).toMatchObject({ code: 'SESSION_EXPIRED', value: { idle: true } });
    useRealClock(t);
  });

  it('an operator with an IP allow-list logs in and calls only from those addresses', async () => {
    const username = await createOperator('support');
    const office = uniqueIp();
    await t.app.db
      .update(operators)
      .set({ allowedIps: [office] })
      .where(eq(operators.username, username));
    expect((await login(username, undefined, uniqueIp())).statusCode).toBe(403);
    const inOffice = await login(username, undefined, office);
    expect(inOffice.statusCode, inOffice.body).toBe(200);
    const token = inOffice.json().value.token as string;
    const fromOffice = await client.call('GET', '/admin-api/session', { headers: { authorization: `Bearer ${token}` }, ip: office });
    expect(fromOffice.statusCode).toBe(200);
    const elsewhere = await client.call('GET', '/admin-api/session', { headers: { authorization: `Bearer ${token}` }, ip: uniqueIp() });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses operator passwords of one kind of character or too few different ones', async () => {
    for (const password of ['passwordpassword', '1111111111', 'aaaaaaaaa1']) {
      const response = await as(ROOT_TOKEN, 'POST', '/admin-api/operators', {
        username: `weak${Date.now() % 100000}`,
        password,
        role: 'support',
      });
      expect(response.statusCode, password).toBe(422);
    }
    const strong = await as(ROOT_TOKEN, 'POST', '/admin-api/operators', {
      username: `strong${Date.now() % 100000}`,
      password: 'Shift-desk-42',
      role: 'support',
    });
    expect(strong.statusCode, strong.body).toBe(200);
  });
});

describe('an admin manages the security of other operators', () => {
  it('sets and lifts an IP allow-list, and resets a lost authenticator (the operator enrols again)', async () => {
    const username = await createOperator('finance');
    const [row] = await t.app.db.select().from(operators).where(eq(operators.username, username));
    const id = row?.id ?? 0;
    const office = uniqueIp();
    const set = await as(ROOT_TOKEN, 'PATCH', `/admin-api/operators/${id}`, { allowedIps: [office] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.allowedIps).toEqual([office]);
    expect((await login(username, undefined, uniqueIp())).statusCode).toBe(403);
    expect((await as(ROOT_TOKEN, 'PATCH', `/admin-api/operators/${id}`, { allowedIps: ['not-an-ip'] })).statusCode).toBe(422);
    const lifted = await as(ROOT_TOKEN, 'PATCH', `/admin-api/operators/${id}`, { allowedIps: null });
    expect(lifted.json().value.allowedIps).toEqual([]);

    await t.app.db.update(operators).set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabledAt: new Date() }).where(eq(operators.id, id));
    expect((await login(username)).json().code).toBe('LOGIN_VERIFICATION_REQUIRED');
    const reset = await as(ROOT_TOKEN, 'PATCH', `/admin-api/operators/${id}`, { resetTotp: true });
    expect(reset.json().value.hasTotp).toBe(false);
    expect((await login(username)).json().value).toMatchObject({ mustEnrolTotp: true });
  });
});

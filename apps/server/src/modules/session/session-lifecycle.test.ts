import { REFRESH_COOKIE } from '@kismat/contracts/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import { createMember, createMerchant, TestClient, type TestMerchant, uniqueIp, updateMerchant } from '../../test/factories';
import { memberAudits } from '../../test/member-audits';
import { useShop } from '../../test/shop-fixture';

function refreshCookieOf(response: { cookies: Array<{ name: string; value: string; httpOnly?: boolean; path?: string }> }) {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
}

describe('sessions: idle expiry, logout, password change, remember-me, trial players', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop((fixture) => {
    ({ t, shop, client } = fixture);
  });

  it('refuses calls without a token or with an unknown one (AUTH_REQUIRED, 401)', async () => {
    const none = await client.call('GET', '/wps/member/info');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'AUTH_REQUIRED', message: 'You are not logged in, please login' });
    const unknown = await client.call('GET', '/wps/member/info', { token: 'A'.repeat(43) });
    expect(unknown.json().code).toBe('AUTH_REQUIRED');
  });

  it('ends a session after SESSION_IDLE_MINUTES without calls, and each call moves the deadline', async () => {
    const start = new Date('2030-01-01T10:00:00Z');
    t.setNow(start);
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const at = (minutes: number) => t.setNow(new Date(start.getTime() + minutes * 60_000));
    at(29);
    expect((await client.call('GET', '/wps/member/info', { token })).statusCode).toBe(200);
    at(58);
    expect((await client.call('GET', '/wps/member/info', { token })).statusCode).toBe(200);
    at(58 + 31);
    const expired = await client.call('GET', '/wps/member/info', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_EXPIRED');
  });

  it('logout revokes the session and writes an audit row', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const logout = await client.call('DELETE', '/wps/session/logout', { token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toMatchObject({ success: true, value: null });
    expect((await client.call('GET', '/wps/member/info', { token })).json().code).toBe('SESSION_EXPIRED');
    const rows = await memberAudits(t.app.db, member.id, 'logout');
    expect(rows).toHaveLength(1);
  });

  it('a password change revokes every session and answers with a new one', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const first = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const second = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const changed = await client.call('POST', '/wps/member/password', {
      token: first,
      body: { oldPassword: password, newPassword: 'NewPass#2030', confirmNewPassword: 'NewPass#2030' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().value.token;
    expect((await client.call('GET', '/wps/member/info', { token: first })).json().code).toBe('SESSION_EXPIRED');
    expect((await client.call('GET', '/wps/member/info', { token: second })).json().code).toBe('SESSION_EXPIRED');
    expect((await client.call('GET', '/wps/member/info', { token: fresh })).statusCode).toBe(200);
    expect(
      (await client.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip: uniqueIp() })).json().code,
    ).toBe('LOGIN_FAILED');
    await client.login(member.username, 'NewPass#2030', { ip: uniqueIp() });
    const audits = await memberAudits(t.app.db, member.id, 'password.changed');
    expect(audits[0]?.detail).toMatchObject({ revokedSessions: 2 });
  });

  it('remember-me: an HttpOnly cookie trades for a new session; a replayed cookie ends every session', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    const login = await client.call('POST', '/wps/session/login', { body: { username: member.username, password, remember: true }, ip });
    const cookie = refreshCookieOf(login);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/wps/session', sameSite: 'Strict' });
    const oldToken = login.json().value.token;

    const refreshed = await client.call('POST', '/wps/session/refresh', { headers: { cookie: `${REFRESH_COOKIE}=${cookie?.value}` }, ip });
    expect(refreshed.statusCode).toBe(200);
    const newToken = refreshed.json().value.token;
    const rotated = refreshCookieOf(refreshed);
    expect(rotated?.value).not.toBe(cookie?.value);
    expect((await client.call('GET', '/wps/member/info', { token: oldToken })).json().code).toBe('SESSION_EXPIRED');
    expect((await client.call('GET', '/wps/member/info', { token: newToken })).statusCode).toBe(200);

    const replay = await client.call('POST', '/wps/session/refresh', { headers: { cookie: `${REFRESH_COOKIE}=${cookie?.value}` }, ip });
    expect(replay.json().code).toBe('AUTH_REQUIRED');
    expect((await client.call('GET', '/wps/member/info', { token: newToken })).json().code).toBe('SESSION_EXPIRED');
  });

  it('remember-me lasts one day from the login', async () => {
    const start = new Date('2030-02-01T10:00:00Z');
    t.setNow(start);
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    const login = await client.call('POST', '/wps/session/login', { body: { username: member.username, password, remember: true }, ip });
    const cookie = refreshCookieOf(login)?.value;
    t.setNow(new Date(start.getTime() + 25 * 3_600_000));
    const late = await client.call('POST', '/wps/session/refresh', { headers: { cookie: `${REFRESH_COOKIE}=${cookie}` }, ip });
    expect(late.json().code).toBe('AUTH_REQUIRED');
    expect((await client.call('POST', '/wps/session/refresh', { ip })).json().code).toBe('AUTH_REQUIRED');
  });

  it('login info, first-login action, icon and consolidated flags', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const token = await client.login(member.username, password ?? '', { ip: uniqueIp() });
    const info = await client.call('GET', '/wps/session/loginInfo', { token });
    expect(info.json().value).toMatchObject({
      isLogin: true,
      isAgent: false,
      isTrial: false,
      firstTimeLogin: true,
      forceChangePassword: false,
    });
    const first = await client.call('POST', '/wps/member/firstLogin', { token });
    expect(first.json().value.firstTimeLogin).toBe(false);
    expect((await client.call('GET', '/wps/session/loginInfo', { token })).json().value.firstTimeLogin).toBe(false);

    expect((await client.call('GET', '/wps/member/info/icon', { token })).json().value).toEqual({ iconId: 1 });
    expect((await client.call('PUT', '/wps/member/info/icon', { token, body: { iconId: 7 } })).json().value).toEqual({ iconId: 7 });
    expect((await client.call('PUT', '/wps/member/info/icon', { token, body: { iconId: 99 } })).statusCode).toBe(422);
    expect((await client.call('GET', '/wps/member/info/funds/consolidated', { token })).json().value).toEqual({
      dailysalreqtype: false,
      divtypereq: false,
      contracthoursalreq: false,
      realtimesalreqtype: false,
    });
  });

  it('free play creates a trial (type 4) player who is refused member-only calls', async () => {
    const response = await client.call('POST', '/wps/session/login/freeplay', {
      body: { os: 'Windows', platform: 'W', Encryption: 'true', gatewayVersion: 3 },
      ip: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
    const value = response.json().value;
    expect(value.member).toMatchObject({ type: 4, isTrial: true, isAgent: false, balance: '0.00' });
    const token = value.token;
    expect((await client.call('GET', '/wps/member/info', { token })).json().value.isTrial).toBe(true);
    for (const [method, url] of [
      ['GET', '/wps/member/security'],
      ['GET', '/wps/member/info/funds/consolidated'],
      ['GET', '/wps/member/security/bankAccounts'],
      ['POST', '/wps/verification/sms/bind'],
    ] as const) {
      const refused = await client.call(method, url, { token, ...(method === 'POST' ? { body: { mobileNo: '1712345678' } } : {}) });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ code: 'TRIAL_FORBIDDEN', message: 'A true account is needed for this' });
    }
    const changePassword = await client.call('POST', '/wps/member/password', {
      token,
      body: { oldPassword: 'x', newPassword: 'Whatever#1', confirmNewPassword: 'Whatever#1' },
    });
    expect(changePassword.json().code).toBe('TRIAL_FORBIDDEN');
    const [row] = await t.app.db.select().from(members).where(eq(members.id, value.member.id));
    expect(row).toMatchObject({ type: 4, passwordHash: null, registerType: 'TRIAL' });
  });

  it('free play is refused when FREEPLAY3 is off', async () => {
    const other = await createMerchant(t.app.db);
    await updateMerchant(t.app, other.merchant.id, { flags: { FREEPLAY3: false } });
    const response = await new TestClient(t.app, other.host).call('POST', '/wps/session/login/freeplay', { body: {}, ip: uniqueIp() });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FEATURE_DISABLED');
  });

  it('serves a captcha PNG with its id in a cookie and a header, no faster than once a second per client', async () => {
    const start = new Date('2030-03-01T10:00:00Z');
    t.setNow(start);
    const ip = uniqueIp();
    const first = await client.call('GET', '/wps/captcha', { ip });
    expect(first.statusCode).toBe(200);
    const png = Buffer.from(first.json().value, 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(first.headers['x-captcha-id']).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.cookies.find((cookie) => cookie.name === 'kismat_captcha')).toMatchObject({ httpOnly: true });
    const tooSoon = await client.call('GET', '/wps/captcha', { ip });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('RATE_LIMITED');
    t.setNow(new Date(start.getTime() + 1000));
    expect((await client.call('GET', '/wps/captcha', { ip })).statusCode).toBe(200);
    expect((await client.call('GET', '/wps/captcha', { ip: uniqueIp() })).statusCode).toBe(200);
  });

  it('rate-limits unauthenticated calls per IP (route limits)', async () => {
    const ip = uniqueIp();
    const limit = 10;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i += 1) {
      statuses.push((await client.call('PUT', '/wps/member/register', { body: {}, ip })).statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status !== 429)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

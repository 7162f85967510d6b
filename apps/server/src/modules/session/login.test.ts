import { MEMBER_TYPE } from '@kismat/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MAX_SECONDS,
  BACKOFF_AFTER_PER_ACCOUNT,
  blockSecondsAfter,
  SOURCE_MAX_SECONDS,
  throttleSettingsOf,
} from '../../platform/login-throttle';
import type { TestApp } from '../../test/build-test-app';
import {
  createMember,
  createMerchant,
  latestOutboxCode,
  plantCaptcha,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueMobile,
} from '../../test/factories';
import { memberAudits } from '../../test/member-audits';
import { useShop } from '../../test/shop-fixture';

describe('POST /wps/session/login', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop((fixture) => {
    ({ t, shop, client } = fixture);
  });

  it('logs in by username (case-insensitive) and returns token, flags and member info', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id, { username: 'CaseUser01' });
    const response = await client.call('POST', '/wps/session/login', {
      body: { type: 'username', username: 'CASEUSER01', password, lot_number: 'ignored', captcha_output: 'ignored' },
      ip: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
    const value = response.json().value;
    expect(value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
      forceChangePassword: false,
      userName: 'caseuser01',
      captcha: false,
      idleMinutes: 30,
      member: { id: member.id, account: 'caseuser01', type: 0, isAgent: false, isTrial: false, balance: '0.00', currencySymbol: '৳' },
    });
    const audits = await memberAudits(t.app.db, member.id, 'login.password');
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]?.detail)).not.toContain(password ?? '');
  });

  it('answers an unknown user and a wrong password identically (code, message, status)', async () => {
    const { member } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    const unknown = await client.call('POST', '/wps/session/login', { body: { username: 'nobody_here_1', password: 'whatever1' }, ip });
    const wrong = await client.call('POST', '/wps/session/login', { body: { username: member.username, password: 'whatever1' }, ip });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(unknown.json()).toEqual({
      success: false,
      code: 'LOGIN_FAILED',
      message: 'The account or password is incorrect',
      value: { captcha: false },
    });
  });

  it('takes about as long for an unknown user as for a wrong password (dummy argon2 verify)', async () => {
    // Fresh names each round: after 3 failures of one name the captcha check answers first.
    const accounts = await Promise.all(Array.from({ length: 5 }, () => createMember(t.app.db, shop.merchant.id)));
    const time = async (username: string) => {
      const started = performance.now();
      await client.call('POST', '/wps/session/login', { body: { username, password: 'not-the-password' }, ip: uniqueIp() });
      return performance.now() - started;
    };
    const unknownTimes: number[] = [];
    const wrongTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      unknownTimes.push(await time(`ghost${i}xyz`));
      wrongTimes.push(await time(accounts[i]?.member.username ?? ''));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const ratio = median(unknownTimes) / median(wrongTimes);
    // Without the dummy verify an unknown user answers several times faster than argon2.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('asks for the captcha after 3 failures of one account, then requires it, and accepts a valid one', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    const fail = () => client.call('POST', '/wps/session/login', { body: { username: member.username, password: 'wrong-pass' }, ip });
    expect((await fail()).json().value).toEqual({ captcha: false });
    expect((await fail()).json().value).toEqual({ captcha: false });
    const third = await fail();
    expect(third.json()).toMatchObject({ code: 'LOGIN_FAILED', value: { captcha: true } });

    const withoutCaptcha = await client.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip });
    expect(withoutCaptcha.statusCode).toBe(422);
    expect(withoutCaptcha.json()).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Please enter the captcha',
      value: { captcha: true },
    });

    const wrongCaptchaId = await plantCaptcha(t.app.db, 'K7PX');
    const wrongCaptcha = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password, captcha: 'AAAA', captchaId: wrongCaptchaId },
      ip,
    });
    expect(wrongCaptcha.json()).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captcha: true } });

    // The id may also come from the header the captcha call sets.
    const captchaId = await plantCaptcha(t.app.db, 'K7PX');
    const ok = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password, captcha: 'k7px' },
      headers: { 'x-captcha-id': captchaId },
      ip,
    });
    expect(ok.statusCode).toBe(200);
    // Success clears the account counter: the next login needs no captcha.
    const again = await client.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip });
    expect(again.statusCode).toBe(200);
  });

  it('counts failures for unknown names too, so the captcha does not reveal which accounts exist', async () => {
    const ip = uniqueIp();
    let last = null;
    for (let i = 0; i < 3; i += 1) {
      last = await client.call('POST', '/wps/session/login', { body: { username: 'never_registered_9', password: 'x1234567' }, ip });
    }
    expect(last?.json().value).toEqual({ captcha: true });
  });

  it('backs off a guessing source at human pace with a clear wait (issue 12 item 13), while the owner elsewhere logs in', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    const start = new Date();
    const attempt = async (secondsIn: number, options: { password?: string; from?: string; language?: string } = {}) => {
      t.setNow(new Date(start.getTime() + secondsIn * 1000));
      const captchaId = await plantCaptcha(t.app.db, 'AB23', { expiresAt: new Date(start.getTime() + 3_600_000) });
      return new TestClient(t.app, shop.host, options.language ?? 'EN').call('POST', '/wps/session/login', {
        body: { username: member.username, password: options.password ?? 'nope-nope', captcha: 'AB23', captchaId },
        ip: options.from ?? ip,
      });
    };
    // A person typing a password and a captcha every 20 seconds: the old 1-2-4-8 s waits never showed.
    const codes = [];
    for (let i = 1; i <= 6; i += 1) codes.push((await attempt(i * 20)).json().code);
    expect(codes).toEqual(Array(6).fill('LOGIN_FAILED'));
    const throttled = await attempt(140);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      success: false,
      code: 'LOGIN_THROTTLED',
      message: 'Too many failed attempts. Please try again in 10 seconds',
      value: { captcha: true, retryAfterSeconds: 10 },
    });
    // Even the right password waits: the source is throttled, not the guess.
    expect((await attempt(145, { password: password ?? '' })).json().code).toBe('LOGIN_THROTTLED');
    const bn = await attempt(146, { language: 'BN' });
    expect(bn.json().message).toBe('অনেকবার ভুল চেষ্টা করা হয়েছে। 4 সেকেন্ড পরে আবার চেষ্টা করুন');

    // The owner on another network is not locked out (the name needs the captcha, nothing more).
    const owner = await attempt(147, { password: password ?? '', from: uniqueIp() });
    expect(owner.statusCode, owner.body).toBe(200);

    // The guessing source keeps doubling: 7th failure 60 s, 8th 120 s ... capped at 15 minutes.
    expect((await attempt(151)).json().code).toBe('LOGIN_FAILED');
    expect((await attempt(152)).json().value.retryAfterSeconds).toBe(59);
    expect((await attempt(212)).json().code).toBe('LOGIN_FAILED');
    expect((await attempt(213)).json().value.retryAfterSeconds).toBe(119);
    // After a quiet window the count starts again.
    expect((await attempt(212 + 31 * 60)).json().code).toBe('LOGIN_FAILED');
  });

  it('meets a guesser spread over many IPs with the captcha and a slower name-wide wait capped at a minute', async () => {
    const { member } = await createMember(t.app.db, shop.merchant.id);
    const start = new Date();
    t.setNow(start);
    const guess = async (ip: string) => {
      const captchaId = await plantCaptcha(t.app.db, 'AB23', { expiresAt: new Date(start.getTime() + 3_600_000) });
      return client.call('POST', '/wps/session/login', {
        body: { username: member.username, password: 'spread-guess', captcha: 'AB23', captchaId },
        ip,
      });
    };
    for (let i = 0; i < BACKOFF_AFTER_PER_ACCOUNT; i += 1) expect((await guess(uniqueIp())).json().code).toBe('LOGIN_FAILED');
    const next = await guess(uniqueIp());
    expect(next.json()).toMatchObject({ code: 'LOGIN_THROTTLED', value: { retryAfterSeconds: 1 } });
    for (let i = 1; i <= 8; i += 1) {
      t.setNow(new Date(start.getTime() + i * 120_000));
      await guess(uniqueIp());
    }
    expect((await guess(uniqueIp())).json().value.retryAfterSeconds).toBe(ACCOUNT_MAX_SECONDS);
    expect(blockSecondsAfter('ACCOUNT_IP', 30, throttleSettingsOf(t.app.config))).toBe(SOURCE_MAX_SECONDS);
  });

  it('requires the captcha for every account from an IP after LOGIN_CAPTCHA_AFTER_PER_IP failures', async () => {
    const ip = uniqueIp();
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    for (let i = 0; i < t.app.config.LOGIN_CAPTCHA_AFTER_PER_IP; i += 1) {
      await client.call('POST', '/wps/session/login', { body: { username: `spray${i}abc`, password: 'guess-123' }, ip });
    }
    const fresh = await client.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip });
    expect(fresh.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    const elsewhere = await client.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip: uniqueIp() });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('uses a captcha once: of 20 parallel logins with one captcha, exactly one gets past it', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1)
      await client.call('POST', '/wps/session/login', { body: { username: member.username, password: 'bad-bad-1' }, ip });
    const captchaId = await plantCaptcha(t.app.db, 'ZX89');
    // A wrong password, so no login clears the failures: a successful one would, and logins arriving after
    // it would rightly need no captcha at all (what made this flaky with the right password under load).
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.call('POST', '/wps/session/login', {
          body: { username: member.username, password: 'bad-bad-1', captcha: 'ZX89', captchaId },
          ip,
        }),
      ),
    );
    const codes = responses.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'LOGIN_FAILED')).toHaveLength(1);
    expect(codes.filter((code) => code === 'CAPTCHA_INVALID')).toHaveLength(19);
    // The used captcha stays used; a fresh one with the right password logs in.
    const reused = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password, captcha: 'ZX89', captchaId },
      ip,
    });
    expect(reused.json().code).toBe('CAPTCHA_INVALID');
    const fresh = await plantCaptcha(t.app.db, 'QW12');
    const right = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password, captcha: 'QW12', captchaId: fresh },
      ip,
    });
    expect(right.json().code).toBe('OK');
  });

  it('refuses an expired captcha', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    for (let i = 0; i < 3; i += 1)
      await client.call('POST', '/wps/session/login', { body: { username: member.username, password: 'bad-bad-2' }, ip });
    const captchaId = await plantCaptcha(t.app.db, 'ZX89', { expiresAt: new Date(Date.now() - 1000) });
    const response = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password, captcha: 'ZX89', captchaId },
      ip,
    });
    expect(response.json().code).toBe('CAPTCHA_INVALID');
  });

  it('forces the password change for 123456 and keeps the session to password change and info only', async () => {
    const { member } = await createMember(t.app.db, shop.merchant.id, { password: '123456' });
    const login = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password: '123456' },
      ip: uniqueIp(),
    });
    expect(login.json().value).toMatchObject({ forceChangePassword: true, passwordExpired: false });
    const token = login.json().value.token;
    expect((await client.call('GET', '/wps/member/info', { token })).statusCode).toBe(200);
    const blocked = await client.call('GET', '/wps/member/security', { token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await client.call('POST', '/wps/member/password', {
      token,
      body: { oldPassword: '123456', newPassword: 'Better#2025', confirmNewPassword: 'Better#2025' },
    });
    expect(changed.statusCode).toBe(200);
    const newToken = changed.json().value.token;
    expect((await client.call('GET', '/wps/member/security', { token: newToken })).statusCode).toBe(200);
  });

  it('forces the change of an expired password only when PWDEXPFORCECHANGE3 is on', async () => {
    const other = await createMerchant(t.app.db, { flags: { PWDEXPFORCECHANGE3: false } });
    const otherClient = new TestClient(t.app, other.host);
    const old = new Date(Date.now() - 200 * 86_400_000);
    const on = await createMember(t.app.db, shop.merchant.id, { passwordChangedAt: old });
    const off = await createMember(t.app.db, other.merchant.id, { passwordChangedAt: old });
    const onLogin = await client.call('POST', '/wps/session/login', {
      body: { username: on.member.username, password: on.password },
      ip: uniqueIp(),
    });
    expect(onLogin.json().value).toMatchObject({ passwordExpired: true, forceChangePassword: true });
    const offLogin = await otherClient.call('POST', '/wps/session/login', {
      body: { username: off.member.username, password: off.password },
      ip: uniqueIp(),
    });
    expect(offLogin.json().value).toMatchObject({ passwordExpired: false, forceChangePassword: false });
  });

  it('logs in by SMS code (never forcing the password change) and refuses a wrong code like a wrong password', async () => {
    const mobile = uniqueMobile();
    const { member } = await createMember(t.app.db, shop.merchant.id, {
      mobile: { dialingCode: mobile.dialingCode, national: mobile.national },
      passwordChangedAt: new Date(Date.now() - 400 * 86_400_000),
    });
    const ip = uniqueIp();
    const sent = await client.call('POST', '/wps/session/loginCode', {
      body: { countryDialingCode: '+880', mobileNo: `0${mobile.national}` },
      ip,
    });
    expect(sent.json()).toMatchObject({ success: true, value: { expiredMinutes: 5 } });
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await client.call('POST', '/wps/session/login', {
      body: { type: 'sms', username: mobile.national, countryDialingCode: '+880', password: wrongCode },
      ip,
    });
    expect(wrong.json()).toMatchObject({ code: 'LOGIN_FAILED' });
    const ok = await client.call('POST', '/wps/session/login', {
      body: { type: 'sms', username: mobile.national, countryDialingCode: '+880', password: code },
      ip,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({ userName: member.username, forceChangePassword: false, passwordExpired: true });
    const reused = await client.call('POST', '/wps/session/login', {
      body: { type: 'sms', username: mobile.national, countryDialingCode: '+880', password: code },
      ip,
    });
    expect(reused.json().code).toBe('LOGIN_FAILED');
  });

  it('refuses SMS login when MOBILEVERCODELOGIN3 is off', async () => {
    const other = await createMerchant(t.app.db, { flags: { MOBILEVERCODELOGIN3: false } });
    const response = await new TestClient(t.app, other.host).call('POST', '/wps/session/login', {
      body: { type: 'sms', username: '1712345678', password: '123456' },
      ip: uniqueIp(),
    });
    expect(response.json().code).toBe('FEATURE_DISABLED');
  });

  it('lets a mobile sign-up type the number in the username tab', async () => {
    const mobile = uniqueMobile();
    const { member, password } = await createMember(t.app.db, shop.merchant.id, {
      username: mobile.national,
      mobile: { dialingCode: '+880', national: mobile.national },
    });
    const response = await client.call('POST', '/wps/session/login', {
      body: { username: `0${mobile.national}`, password },
      ip: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().value.userName).toBe(member.username);
  });

  it('admits agents and refuses members on the agent page (AGENT_ONLY)', async () => {
    const agent = await createMember(t.app.db, shop.merchant.id, { type: MEMBER_TYPE.AGENT_41, affiliateCode: `AG${Date.now()}` });
    const player = await createMember(t.app.db, shop.merchant.id);
    const admitted = await client.call('POST', '/wps/session/login', {
      body: { username: agent.member.username, password: agent.password, agentLogin: true },
      ip: uniqueIp(),
    });
    expect(admitted.json().value.member).toMatchObject({ isAgent: true, type: 41 });
    const refused = await client.call('POST', '/wps/session/login', {
      body: { username: player.member.username, password: player.password, agentLogin: true },
      ip: uniqueIp(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'AGENT_ONLY', message: 'Non-agents cannot log in' });
  });

  it('refuses a frozen account only after the password is right', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id, { status: 'FROZEN' });
    const wrong = await client.call('POST', '/wps/session/login', {
      body: { username: member.username, password: 'wrong-wrong' },
      ip: uniqueIp(),
    });
    expect(wrong.json().code).toBe('LOGIN_FAILED');
    const right = await client.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip: uniqueIp() });
    expect(right.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('keeps merchants apart: an account of one site cannot log in on another', async () => {
    const other = await createMerchant(t.app.db);
    const { member, password } = await createMember(t.app.db, other.merchant.id);
    const response = await client.call('POST', '/wps/session/login', { body: { username: member.username, password }, ip: uniqueIp() });
    expect(response.json().code).toBe('LOGIN_FAILED');
    const token = await new TestClient(t.app, other.host).login(member.username, password ?? '', { ip: uniqueIp() });
    expect((await client.call('GET', '/wps/member/info', { token })).json().code).toBe('AUTH_REQUIRED');
  });

  it('answers in the request language', async () => {
    const bn = new TestClient(t.app, shop.host, 'BN');
    const response = await bn.call('POST', '/wps/session/login', {
      body: { username: 'nobody_bn_1', password: 'whatever1' },
      ip: uniqueIp(),
    });
    expect(response.json().message).toBe('অ্যাকাউন্ট বা পাসওয়ার্ড সঠিক নয়');
  });

  it('validates the body (VALIDATION_FAILED with fields)', async () => {
    const response = await client.call('POST', '/wps/session/login', { body: { username: '', password: '' }, ip: uniqueIp() });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

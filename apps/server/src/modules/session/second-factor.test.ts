import { REFRESH_COOKIE } from '@kismat/contracts/session';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankAccounts, members } from '../../db/schema/accounts';
import type { TestApp } from '../../test/build-test-app';
import {
  createMember,
  createMerchant,
  latestOutboxCode,
  TestClient,
  type TestMerchant,
  uniqueIp,
  uniqueMobile,
  updateMerchant,
} from '../../test/factories';
import { memberAudits } from '../../test/member-audits';
import { useShop } from '../../test/shop-fixture';
import { generateTotpSecret, totpCode, totpStep } from '../security/totp';

describe('extra login verification: a new IP asks for a second factor when the merchant enables it', () => {
  let t: TestApp;
  let shop: TestMerchant;
  let client: TestClient;

  useShop(
    (fixture) => {
      ({ t, shop, client } = fixture);
    },
    { merchant: { settings: { loginVerification: { enabled: true, methods: ['SMS', 'EMAIL', 'BANK_NAME', 'TOTP'] } } } },
  );

  const login = (username: string, password: string | null, ip: string, extra: Record<string, unknown> = {}) =>
    client.call('POST', '/wps/session/login', { body: { username, password, ...extra }, ip });

  it('challenges a login from a new IP, sends the SMS code, and trusts the IP after the right code', async () => {
    const mobile = uniqueMobile();
    const { member, password } = await createMember(t.app.db, shop.merchant.id, {
      mobile: { dialingCode: '+880', national: mobile.national },
    });
    const newIp = uniqueIp();
    const challenged = await login(member.username, password, newIp);
    expect(challenged.statusCode).toBe(403);
    expect(challenged.json()).toMatchObject({
      code: 'LOGIN_VERIFICATION_REQUIRED',
      message: 'Please complete verification first',
      value: { methods: ['SMS'], mobile: expect.stringMatching(/^\+880\*+\d{3}$/), email: null },
    });
    const { challengeId } = challenged.json().value;

    const sent = await client.call('POST', '/wps/session/login/verification/send', { body: { challengeId, method: 'SMS' }, ip: newIp });
    expect(sent.json().value).toEqual({ expiredMinutes: 5 });
    const code = await latestOutboxCode(t.app.db, mobile.e164);
    const wrong = await client.call('POST', '/wps/session/login/verification', {
      body: { challengeId, method: 'SMS', answer: code === '999999' ? '999998' : '999999' },
      ip: newIp,
    });
    expect(wrong.json().code).toBe('VERIFICATION_CODE_INVALID');
    const passed = await client.call('POST', '/wps/session/login/verification', {
      body: { challengeId, method: 'SMS', answer: code },
      encrypt: true,
      ip: newIp,
    });
    expect(passed.statusCode).toBe(200);
    expect((await client.call('GET', '/wps/member/info', { token: passed.json().value.token })).statusCode).toBe(200);
    // Single use, and the IP is trusted from now on.
    expect(
      (
        await client.call('POST', '/wps/session/login/verification', { body: { challengeId, method: 'SMS', answer: code }, ip: newIp })
      ).json().code,
    ).toBe('VERIFICATION_CODE_INVALID');
    expect((await login(member.username, password, newIp)).statusCode).toBe(200);
    const rows = await memberAudits(t.app.db, member.id, 'login.second_factor');
    expect(rows).toHaveLength(1);
  });

  it('accepts the bound bank account name and a TOTP code', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    await t.app.db.insert(bankAccounts).values({
      memberId: member.id,
      merchantId: shop.merchant.id,
      accountName: 'Rahim Uddin',
      accountNumber: '1234567890',
      bankName: 'Sonali',
      confirmedAt: new Date(),
    });
    const secret = generateTotpSecret();
    await t.app.db.update(members).set({ totpSecret: secret, totpEnabledAt: new Date() }).where(eq(members.id, member.id));

    const first = await login(member.username, password, uniqueIp());
    expect(first.json().value.methods).toEqual(['BANK_NAME', 'TOTP']);
    const byName = await client.call('POST', '/wps/session/login/verification', {
      body: { challengeId: first.json().value.challengeId, method: 'BANK_NAME', answer: '  rahim   UDDIN ' },
      ip: uniqueIp(),
    });
    expect(byName.statusCode).toBe(200);

    const second = await login(member.username, password, uniqueIp());
    const code = totpCode(secret, totpStep(new Date()));
    const byTotp = await client.call('POST', '/wps/session/login/verification', {
      body: { challengeId: second.json().value.challengeId, method: 'TOTP', answer: code },
      ip: uniqueIp(),
    });
    expect(byTotp.statusCode).toBe(200);
    // The same TOTP code cannot be replayed for another challenge.
    const third = await login(member.username, password, uniqueIp());
    const replay = await client.call('POST', '/wps/session/login/verification', {
      body: { challengeId: third.json().value.challengeId, method: 'TOTP', answer: code },
      ip: uniqueIp(),
    });
    expect(replay.json().code).toBe('VERIFICATION_CODE_INVALID');
  });

  it('closes a challenge after 5 wrong answers, and refuses a method it did not offer', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id, { fullName: 'Karim Ali' });
    await t.app.db.insert(bankAccounts).values({
      memberId: member.id,
      merchantId: shop.merchant.id,
      accountName: 'Karim Ali',
      accountNumber: '222333444',
      bankName: 'Sonali',
      confirmedAt: new Date(),
    });
    const { challengeId } = (await login(member.username, password, uniqueIp())).json().value;
    const answer = (method: string, value: string) =>
      client.call('POST', '/wps/session/login/verification', { body: { challengeId, method, answer: value }, ip: uniqueIp() });
    expect((await answer('SMS', '123456')).json().code).toBe('VERIFICATION_CODE_INVALID');
    for (let i = 0; i < 5; i += 1) expect((await answer('BANK_NAME', 'Wrong Name')).json().code).toBe('VERIFICATION_CODE_INVALID');
    expect((await answer('BANK_NAME', 'Karim Ali')).json().code).toBe('VERIFICATION_CODE_INVALID');
  });

  it('lets a member without any second factor in, and trusts the IP', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    expect((await login(member.username, password, uniqueIp())).statusCode).toBe(200);
  });

  it('does not challenge when the merchant has not enabled it', async () => {
    const other = await createMerchant(t.app.db);
    const mobile = uniqueMobile();
    const { member, password } = await createMember(t.app.db, other.merchant.id, {
      mobile: { dialingCode: '+880', national: mobile.national },
    });
    const response = await new TestClient(t.app, other.host).call('POST', '/wps/session/login', {
      body: { username: member.username, password },
      ip: uniqueIp(),
    });
    expect(response.statusCode).toBe(200);
    await updateMerchant(t.app, other.merchant.id, { settings: { loginVerification: { enabled: true } } });
    const challenged = await new TestClient(t.app, other.host).call('POST', '/wps/session/login', {
      body: { username: member.username, password },
      ip: uniqueIp(),
    });
    expect(challenged.json().code).toBe('LOGIN_VERIFICATION_REQUIRED');
  });

  it('does not let a remember-me cookie skip the second factor from a new IP', async () => {
    const { member, password } = await createMember(t.app.db, shop.merchant.id);
    const ip = uniqueIp();
    const first = await login(member.username, password, ip, { remember: true });
    const cookie = first.cookies.find((entry) => entry.name === REFRESH_COOKIE)?.value;
    await t.app.db.insert(bankAccounts).values({
      memberId: member.id,
      merchantId: shop.merchant.id,
      accountName: 'Some Body',
      accountNumber: '987654321',
      bankName: 'Sonali',
      confirmedAt: new Date(),
    });
    const elsewhere = await client.call('POST', '/wps/session/refresh', {
      headers: { cookie: `${REFRESH_COOKIE}=${cookie}` },
      ip: uniqueIp(),
    });
    expect(elsewhere.json().code).toBe('AUTH_REQUIRED');
    const home = await client.call('POST', '/wps/session/refresh', { headers: { cookie: `${REFRESH_COOKIE}=${cookie}` }, ip });
    expect(home.statusCode).toBe(200);
  });
});
